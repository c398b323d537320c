// @ts-check
/**
 * A small, dependency-free static server for the built dashboard (`dist/`, `dist-demo/`).
 *
 * From the command line: `node src/server/static/serve-cli.mjs <dir> [--port N] [--host H] [--csp]`;
 * from a test: `const { url, close } = await startServer({ dir, csp: true })`.
 *
 * - Files are served with their content type; `index.html` is the fallback for every path that
 *   is not a file and looks like a page (no extension, or a browser navigation asking for HTML),
 *   so deep links and reloads (`/runs/abc`, `/tools?x=1`) work.
 * - A missing asset with an extension (`/assets/gone.js`) is a 404, never the index page.
 * - Nothing outside `dir` is ever served (`..`, encoded `..`, backslashes, NUL, symlinks out).
 * - `csp: true` sends the strict Content-Security-Policy the dashboard must run under. MSW's
 *   service worker still works under it: the worker script is same-origin (`worker-src` falls
 *   back to `script-src 'self'`) and the requests it intercepts are same-origin
 *   (`connect-src 'self'`). React sets styles through the CSSOM, which `style-src` does not
 *   govern, so `default-src 'self'` covers stylesheets.
 * - `handle` lets a test answer some requests itself (faults, a fake API) before the files.
 */
import { createServer } from 'node:http'
import { createReadStream } from 'node:fs'
import { realpath, stat } from 'node:fs/promises'
import path from 'node:path'

/** The policy served with `csp: true` (no violation while every page is used: the browser tests count them). */
export const STRICT_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "connect-src 'self'",
].join('; ')

/** @type {Readonly<Record<string, string>>} */
export const CONTENT_TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.csv': 'text/csv; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.wasm': 'application/wasm',
}

/**
 * @typedef {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse)
 *   => boolean | Promise<boolean>} RequestHook
 *   Return true when the hook answered the request; false lets the static files answer it.
 */

/**
 * @typedef {object} ServerOptions
 * @property {string} dir The folder to serve (a built app with an `index.html`).
 * @property {number} [port] 0 (the default) picks a free port.
 * @property {string} [host] Defaults to 127.0.0.1.
 * @property {boolean} [csp] Send {@link STRICT_CSP} with every response.
 * @property {RequestHook} [handle] Answers some requests before the static files do.
 */

/**
 * @typedef {object} RunningServer
 * @property {string} url The origin with a trailing slash, e.g. `http://127.0.0.1:41234/`.
 * @property {number} port
 * @property {() => Promise<void>} close Stops accepting and closes open connections.
 */

/**
 * The longest request head (request line and headers) read, in bytes. Node's default (16 KiB) is
 * shorter than a link naming one 10,000-character tool name in a non-Latin script (about 90 kB
 * once percent-encoded); a longer head is answered 431 by {@link answerClientError}.
 */
export const MAX_REQUEST_HEAD_BYTES = 256 * 1024

/**
 * Answers a request Node could not parse, before any handler sees it, with the contract's error
 * body (`{ error, message }`) instead of Node's bare status line, then closes the connection.
 * @param {Error & { code?: string }} error
 * @param {import('node:stream').Duplex} socket
 */
export function answerClientError(error, socket) {
  if (!socket.writable || error.code === 'ECONNRESET') {
    socket.destroy()
    return
  }
  const tooLarge = error.code === 'HPE_HEADER_OVERFLOW'
  const tooSlow = error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
  const status = tooLarge
    ? '431 Request Header Fields Too Large'
    : tooSlow
      ? '408 Request Timeout'
      : '400 Bad Request'
  const body = JSON.stringify(
    tooLarge
      ? {
          error: 'request_too_large',
          message: `The request's address and headers are longer than the ${MAX_REQUEST_HEAD_BYTES / 1024} KiB this server reads: select fewer or shorter tool names.`,
        }
      : tooSlow
        ? { error: 'request_timeout', message: 'The request did not arrive in time.' }
        : { error: 'bad_request', message: 'The request is not valid HTTP.' },
  )
  socket.end(
    `HTTP/1.1 ${status}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n` +
      `X-Content-Type-Options: nosniff\r\nCache-Control: no-store\r\n\r\n${body}`,
  )
}

/**
 * Starts serving `dir`. Rejects when `dir` has no `index.html` or the port is taken.
 * @param {ServerOptions} options
 * @returns {Promise<RunningServer>}
 */
export async function startServer({ dir, port = 0, host = '127.0.0.1', csp = false, handle }) {
  const root = await realpath(path.resolve(dir))
  const index = path.join(root, 'index.html')
  const indexStat = await stat(index).catch(() => null)
  if (!indexStat?.isFile()) throw new Error(`No index.html in ${root}; build the app first.`)

  // Without Host the host check answers (the contract's 400), not Node's bare one.
  const server = createServer(
    { maxHeaderSize: MAX_REQUEST_HEAD_BYTES, requireHostHeader: false },
    (req, res) => {
      if (csp) res.setHeader('Content-Security-Policy', STRICT_CSP)
      res.setHeader('X-Content-Type-Options', 'nosniff')
      res.setHeader('Referrer-Policy', 'no-referrer')
      answer(req, res).catch((/** @type {unknown} */ error) => {
        console.error(error)
        if (!res.headersSent) sendText(res, 500, 'Internal server error')
        else res.destroy()
      })
    },
  )

  /**
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').ServerResponse} res
   */
  async function answer(req, res) {
    if (handle && (await handle(req, res))) return
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD')
      return sendText(res, 405, 'Method not allowed')
    }
    const target = await resolveTarget(root, req.url ?? '/')
    if (target.kind === 'bad') return sendText(res, 400, 'Bad request')
    if (target.kind === 'outside') return sendText(res, 404, 'Not found')
    if (target.kind === 'file') return sendFile(req, res, target.file, target.size)
    if (wantsPage(target.pathname, req.headers.accept)) {
      return sendFile(req, res, index, (await stat(index)).size)
    }
    return sendText(res, 404, 'Not found')
  }

  server.on('clientError', answerClientError)
  const sockets = new Set()
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })

  await new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      server.off('error', reject)
      resolve(undefined)
    })
  })
  const address = server.address()
  if (address === null || typeof address === 'string') throw new Error('Unexpected server address')
  const shownHost = host.includes(':') ? `[${host}]` : host

  return {
    url: `http://${shownHost}:${address.port}/`,
    port: address.port,
    close: () =>
      new Promise((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()))
        for (const socket of sockets) socket.destroy()
      }),
  }
}

/**
 * @typedef {{ kind: 'bad' } | { kind: 'outside' } | { kind: 'file', file: string, size: number }
 *   | { kind: 'none', pathname: string }} Target
 */

/**
 * Maps a request URL to a file inside `root`, never outside it.
 * @param {string} root A real (symlink-free) absolute path.
 * @param {string} rawUrl
 * @returns {Promise<Target>}
 */
async function resolveTarget(root, rawUrl) {
  // The raw path is checked as well as the parsed one: URL parsing would silently fold `..`.
  const rawPath = rawUrl.split(/[?#]/, 1)[0] ?? '/'
  let pathname
  try {
    // Prefixing the origin keeps `//host/x` a path instead of a protocol-relative URL.
    const url = new URL(
      rawUrl.startsWith('/') ? `http://localhost${rawUrl}` : rawUrl,
      'http://localhost',
    )
    pathname = decodeURIComponent(url.pathname)
    if (hasDotDotSegment(decodeURIComponent(rawPath))) return { kind: 'outside' }
  } catch {
    return { kind: 'bad' }
  }
  if (pathname.includes('\0')) return { kind: 'bad' }
  if (pathname.includes('\\') || hasDotDotSegment(pathname)) return { kind: 'outside' }
  // Hidden files (`.env`, `.git/`) are never served, whatever the folder holds.
  if (pathname.split('/').some((segment) => segment.startsWith('.')))
    return { kind: 'none', pathname }

  const candidate = path.resolve(root, `.${pathname}`)
  if (!isInside(root, candidate)) return { kind: 'outside' }
  const found = await stat(candidate).catch(() => null)
  if (found?.isFile()) {
    const real = await realpath(candidate)
    if (!isInside(root, real)) return { kind: 'outside' }
    return { kind: 'file', file: real, size: found.size }
  }
  return { kind: 'none', pathname }
}

/** @param {string} pathname */
function hasDotDotSegment(pathname) {
  return pathname.split(/[/\\]/).some((segment) => segment === '..')
}

/**
 * @param {string} root
 * @param {string} candidate
 */
function isInside(root, candidate) {
  return candidate === root || candidate.startsWith(root + path.sep)
}

/**
 * A path gets the index page when it looks like a route (no extension in its last segment) or
 * the browser navigates to it (asks for HTML), so a run uuid with a dot still deep-links.
 * @param {string} pathname
 * @param {string | undefined} accept
 */
function wantsPage(pathname, accept) {
  const last = pathname.split('/').pop() ?? ''
  return !last.includes('.') || (accept ?? '').includes('text/html')
}

/**
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @param {string} file
 * @param {number} size
 */
function sendFile(req, res, file, size) {
  const ext = path.extname(file).toLowerCase()
  res.statusCode = 200
  res.setHeader('Content-Type', CONTENT_TYPES[ext] ?? 'application/octet-stream')
  res.setHeader('Content-Length', size)
  // Hashed build assets never change; everything else (index.html, config.json, the worker)
  // must be revalidated so a new build or config is picked up.
  const immutable = /\/assets\/[^/]+-[\w-]{6,}\.\w+$/.test(file.split(path.sep).join('/'))
  res.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
  if (req.method === 'HEAD') {
    res.end()
    return
  }
  const stream = createReadStream(file)
  stream.on('error', () => res.destroy())
  stream.pipe(res)
}

/**
 * @param {import('node:http').ServerResponse} res
 * @param {number} status
 * @param {string} text
 */
function sendText(res, status, text) {
  res.statusCode = status
  res.setHeader('Content-Type', 'text/plain; charset=utf-8')
  res.setHeader('Cache-Control', 'no-store')
  res.end(`${text}\n`)
}
