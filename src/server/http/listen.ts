import { createServer } from 'node:http'
import { answerClientError, MAX_REQUEST_HEAD_BYTES, startServer } from '../static/serve.mjs'
import type { RequestHook } from '../static/serve.mjs'
import { sendError } from './respond'

export interface Listening {
  url: string
  port: number
  close(): Promise<void>
}

/**
 * Serves the API hook, and with `dashboard` a built dashboard beside it (index.html fallback,
 * the strict CSP of docs/deploy/, nothing outside that folder).
 */
export async function listen(options: {
  handle: RequestHook
  host: string
  port: number
  dashboard?: string
}): Promise<Listening> {
  if (options.dashboard !== undefined) {
    const running = await startServer({
      dir: options.dashboard,
      host: options.host,
      port: options.port,
      csp: true,
      handle: options.handle,
    })
    return { url: running.url.replace(/\/$/, ''), port: running.port, close: running.close }
  }
  // Without Host the host check answers (the contract's 400), not Node's bare one.
  const server = createServer(
    { maxHeaderSize: MAX_REQUEST_HEAD_BYTES, requireHostHeader: false },
    (req, res) => {
      Promise.resolve(options.handle(req, res))
        .then((answered) => {
          if (!answered)
            sendError(res, 404, 'not_found', 'This server answers only the diagnostics API.')
        })
        .catch(() => {
          if (!res.headersSent)
            sendError(res, 500, 'internal', 'The server could not answer this request.')
        })
    },
  )
  server.on('clientError', answerClientError)
  const sockets = new Set<import('node:net').Socket>()
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
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
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        for (const socket of sockets) socket.destroy()
      }),
  }
}
