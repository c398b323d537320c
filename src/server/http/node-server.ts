import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { Duplex } from 'node:stream'

/**
 * The longest request head (request line and headers) read, in bytes. Node's default (16 KiB) is
 * shorter than a link naming one 10,000-character tool name in a non-Latin script (about 90 kB
 * once percent-encoded); a longer head is answered 431 by {@link answerClientError}.
 */
export const MAX_REQUEST_HEAD_BYTES = 256 * 1024

/**
 * The server's timeouts, set here rather than left to Node's defaults (which have changed between
 * versions): a request head must arrive within `headersMs` (else 408), a whole request within
 * `requestMs`; an idle kept-alive connection is closed after `keepAliveMs`; on close, answers in
 * flight get `closeGraceMs` before their connections are cut.
 */
export const SERVER_TIMEOUTS = {
  headersMs: 60_000,
  requestMs: 300_000,
  keepAliveMs: 5_000,
  closeGraceMs: 2_000,
} as const

export interface Listening {
  /** The origin without a trailing slash, e.g. `http://127.0.0.1:41234`. */
  url: string
  port: number
  /**
   * Stops accepting, closes idle connections at once, lets answers in flight finish for
   * `closeGraceMs`, then cuts what is left.
   */
  close(): Promise<void>
}

/**
 * Answers a request Node could not parse, before any handler sees it, with the contract's error
 * body (`{ error, message }`) instead of Node's bare status line, then closes the connection.
 */
export function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
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
 * The one place an HTTP server is made (the API and the static dashboard alike): its limits and
 * timeouts, the answer to unparsable requests, listening, and a graceful close.
 */
export async function listenWith(
  handler: (req: IncomingMessage, res: ServerResponse) => void,
  options: { host: string; port: number },
): Promise<Listening> {
  const server = createServer(
    {
      maxHeaderSize: MAX_REQUEST_HEAD_BYTES,
      // Without Host the host check answers (the contract's 400), not Node's bare one.
      requireHostHeader: false,
      headersTimeout: SERVER_TIMEOUTS.headersMs,
      requestTimeout: SERVER_TIMEOUTS.requestMs,
      keepAliveTimeout: SERVER_TIMEOUTS.keepAliveMs,
    },
    (req, res) => {
      // A kept-alive connection whose answer ends while the server closes is idle from then on:
      // close it now, not after the keep-alive timeout.
      res.once('finish', () => {
        if (!server.listening) server.closeIdleConnections()
      })
      handler(req, res)
    },
  )
  server.on('clientError', answerClientError)
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port, options.host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const address = server.address()
  const port = typeof address === 'object' && address !== null ? address.port : options.port
  const shown = options.host.includes(':') ? `[${options.host}]` : options.host
  return {
    url: `http://${shown}:${port}`,
    port,
    close: async () => {
      // Node's close() also closes the idle connections at once.
      const closed = new Promise<void>((resolve) => server.close(() => resolve()))
      const grace = setTimeout(() => server.closeAllConnections(), SERVER_TIMEOUTS.closeGraceMs)
      await closed
      clearTimeout(grace)
    },
  }
}
