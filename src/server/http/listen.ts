import { startServer, type RequestHook } from '../static/serve'
import { listenWith, type Listening } from './node-server'
import { sendError } from './respond'

export type { Listening }

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
  return listenWith(
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
    { host: options.host, port: options.port },
  )
}
