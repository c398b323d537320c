import type { IncomingMessage, ServerResponse } from 'node:http'

/** The policy served with `csp: true`. */
export declare const STRICT_CSP: string

/** File extension (with the dot) → Content-Type. */
export declare const CONTENT_TYPES: Readonly<Record<string, string>>

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
  /** Stops accepting and closes open connections. */
  close(): Promise<void>
}

/** The longest request head (request line and headers) the servers read, in bytes. */
export declare const MAX_REQUEST_HEAD_BYTES: number

/** Answers a request Node could not parse (431 for a head that is too long) with a JSON body. */
export declare function answerClientError(
  error: Error & { code?: string },
  socket: import('node:stream').Duplex,
): void

/** Starts serving `dir`. Rejects when `dir` has no `index.html` or the port is taken. */
export declare function startServer(options: ServerOptions): Promise<RunningServer>
