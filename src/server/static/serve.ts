/**
 * A small, dependency-free static server for the built dashboard (`dist/`, `dist-demo/`).
 *
 * From the command line: `npm run preview` (`serve-cli.ts <dir> [--port N] [--host H] [--csp]`);
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
import { createReadStream } from 'node:fs'
import { realpath, stat } from 'node:fs/promises'
import type { IncomingMessage, ServerResponse } from 'node:http'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { listenWith } from '../http/node-server'

/** The policy served with `csp: true` (no violation while every page is used: the browser tests count them). */
export const STRICT_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "connect-src 'self'",
].join('; ')

/** File extension (with the dot) → Content-Type. */
export const CONTENT_TYPES: Readonly<Record<string, string>> = {
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

/** Return true when the hook answered the request; false lets the static files answer it. */
export type RequestHook = (req: IncomingMessage, res: ServerResponse) => boolean | Promise<boolean>

export interface ServerOptions {
  /** The folder to serve (a built app with an `index.html`). */
  dir: string
  /** 0 (the default) picks a free port. */
  port?: number
  /** Defaults to 127.0.0.1. */
  host?: string
  /** Send {@link STRICT_CSP} with every response. */
  csp?: boolean
  /** Answers some requests before the static files do. */
  handle?: RequestHook
}

export interface RunningServer {
  /** The origin with a trailing slash, e.g. `http://127.0.0.1:41234/`. */
  url: string
  port: number
  /** Stops accepting; answers in flight get a short grace, then connections are closed. */
  close: () => Promise<void>
}

/** Starts serving `dir`. Rejects when `dir` has no `index.html` or the port is taken. */
export async function startServer({
  dir,
  port = 0,
  host = '127.0.0.1',
  csp = false,
  handle,
}: ServerOptions): Promise<RunningServer> {
  const root = await realpath(path.resolve(dir))
  const index = path.join(root, 'index.html')
  const indexStat = await stat(index).catch(() => null)
  if (!indexStat?.isFile()) throw new Error(`No index.html in ${root}; build the app first.`)

  async function answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
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

  const listening = await listenWith(
    (req, res) => {
      if (csp) res.setHeader('Content-Security-Policy', STRICT_CSP)
      res.setHeader('X-Content-Type-Options', 'nosniff')
      res.setHeader('Referrer-Policy', 'no-referrer')
      answer(req, res).catch((error: unknown) => {
        console.error(error)
        if (!res.headersSent) sendText(res, 500, 'Internal server error')
        else res.destroy()
      })
    },
    { host, port },
  )
  return { url: `${listening.url}/`, port: listening.port, close: listening.close }
}

type Target =
  | { kind: 'bad' }
  | { kind: 'outside' }
  | { kind: 'file'; file: string; size: number }
  | { kind: 'none'; pathname: string }

/** Maps a request URL to a file inside `root` (a real, symlink-free absolute path), never outside it. */
export async function resolveTarget(root: string, rawUrl: string): Promise<Target> {
  // The raw path is checked as well as the parsed one: URL parsing would silently fold `..`.
  const rawPath = rawUrl.split(/[?#]/, 1)[0] ?? '/'
  let pathname: string
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

function hasDotDotSegment(pathname: string): boolean {
  return pathname.split(/[/\\]/).some((segment) => segment === '..')
}

function isInside(root: string, candidate: string): boolean {
  return candidate === root || candidate.startsWith(root + path.sep)
}

/**
 * A path gets the index page when it looks like a route (no extension in its last segment) or
 * the browser navigates to it (asks for HTML), so a run uuid with a dot still deep-links.
 */
function wantsPage(pathname: string, accept: string | undefined): boolean {
  const last = pathname.split('/').pop() ?? ''
  return !last.includes('.') || (accept ?? '').includes('text/html')
}

async function sendFile(
  req: IncomingMessage,
  res: ServerResponse,
  file: string,
  size: number,
): Promise<void> {
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
  // A client that leaves ends the read; a read that fails ends the answer.
  await pipeline(createReadStream(file), res).catch(() => res.destroy())
}

function sendText(res: ServerResponse, status: number, text: string): void {
  res.statusCode = status
  res.setHeader('Content-Type', 'text/plain; charset=utf-8')
  res.setHeader('Cache-Control', 'no-store')
  res.end(`${text}\n`)
}
