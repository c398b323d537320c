import type { ServerResponse } from 'node:http'

function setHeaders(res: ServerResponse, status: number, headers: Record<string, string>): void {
  res.statusCode = status
  res.setHeader('Content-Type', 'application/json; charset=utf-8')
  res.setHeader('Cache-Control', 'private, no-store')
  res.setHeader('X-Content-Type-Options', 'nosniff')
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value)
}

/** Sends a JSON body; API answers are never cached by shared caches. */
export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  sendJsonText(res, status, JSON.stringify(body), headers)
}

/** Sends a body that is JSON text already. */
export function sendJsonText(
  res: ServerResponse,
  status: number,
  text: string,
  headers: Record<string, string> = {},
): void {
  setHeaders(res, status, headers)
  res.end(res.req.method === 'HEAD' ? undefined : text)
}

/** The client went away while its answer was written: stop reading for it. */
export class ClientGoneError extends Error {
  override readonly name = 'ClientGoneError'
}

const PIECE = 64 * 1024
/** An answer up to this size is sent whole, so a failure while it is made is still a 503. */
const HELD = 8 * 1024 * 1024

/**
 * Sends a JSON body that `write` produces piece by piece. Up to {@link HELD} characters are kept
 * and sent whole at the end, as {@link sendJson} does; a larger answer (a run of 300,000 steps)
 * is sent as it is made, waiting whenever the socket's buffer is full, so it is never held whole.
 * Once such an answer has begun a failure can only end the connection: the client sees a cut
 * answer, never a complete-looking one.
 */
export async function sendJsonStream(
  res: ServerResponse,
  status: number,
  write: (out: { write(text: string): Promise<void> }) => Promise<void>,
): Promise<void> {
  let buffered: string[] = []
  let size = 0
  let streaming = false
  const flush = async (): Promise<void> => {
    if (!streaming) {
      streaming = true
      setHeaders(res, status, {})
      if (res.req.method === 'HEAD') {
        res.end()
        throw new ClientGoneError('A HEAD request gets no body.')
      }
    }
    if (res.destroyed) throw new ClientGoneError('The client closed the connection.')
    const text = buffered.join('')
    buffered = []
    size = 0
    if (res.write(text)) return
    await new Promise<void>((resolve) => {
      const done = () => {
        res.off('drain', done)
        res.off('close', done)
        resolve()
      }
      res.on('drain', done)
      res.on('close', done)
    })
    if (res.destroyed) throw new ClientGoneError('The client closed the connection.')
  }
  await write({
    write: async (text) => {
      // A client that left stops the making of its answer, held back or not.
      if (res.destroyed) throw new ClientGoneError('The client closed the connection.')
      buffered.push(text)
      size += text.length
      if (size >= (streaming ? PIECE : HELD)) await flush()
    },
  })
  if (!streaming) {
    setHeaders(res, status, {})
    res.end(res.req.method === 'HEAD' ? undefined : buffered.join(''))
    return
  }
  await flush()
  res.end()
}

/** The contract's error body `{ error, message }`: a code and one sentence. */
export function sendError(
  res: ServerResponse,
  status: number,
  error: string,
  message: string,
  headers: Record<string, string> = {},
): void {
  sendJson(res, status, { error, message }, headers)
}
