import type { IncomingMessage, ServerResponse } from 'node:http'
import { isIP } from 'node:net'
import type { RequestHook } from '../static/serve'
import { sendError } from './respond'

/** Names every server answers for: this machine's own. */
const LOOPBACK_NAMES = ['localhost']

/**
 * A request's host name as the `Host` header gives it (lower case, no port, no trailing dot,
 * IPv6 without brackets), or null when the header is missing or not a host.
 */
export function hostNameOf(header: string | undefined): string | null {
  if (header === undefined || header === '' || /[\s/?#@\\]/.test(header)) return null
  try {
    const name = new URL(`http://${header}`).hostname.replace(/\.$/, '')
    return name.startsWith('[') && name.endsWith(']') ? name.slice(1, -1) : name
  } catch {
    return null
  }
}

/**
 * Against DNS rebinding: a web page whose name an attacker points at this machine reaches the
 * server with that name in `Host`. Answered are only requests for an IP address (a page cannot
 * rebind one), `localhost`, the name the server listens on, and the names given with
 * `--public-host` (a proxy's); anything else gets `421`, a missing or broken `Host` `400`.
 */
export function checkHost(names: readonly string[], handle: RequestHook): RequestHook {
  const allowed = new Set([...LOOPBACK_NAMES, ...names].map((name) => hostNameOf(name) ?? name))
  return (req: IncomingMessage, res: ServerResponse) => {
    const name = hostNameOf(req.headers.host)
    if (name === null) {
      sendError(res, 400, 'bad_request', 'The request has no valid Host header.')
      return true
    }
    if (isIP(name) === 0 && !allowed.has(name)) {
      sendError(
        res,
        421,
        'misdirected',
        'This server does not answer for the host name in this request; an administrator can add it with --public-host.',
      )
      return true
    }
    return handle(req, res)
  }
}
