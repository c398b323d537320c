import type { ServerResponse } from 'node:http'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'

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
 * `body`'s text joined in pieces: the first of {@link HELD} characters or more, the others of
 * {@link PIECE} or more, the last shorter. Once the client left, what is made so far comes at
 * once: a client that left stops the making of its answer, held back or not.
 */
async function* piecesOf(
  res: ServerResponse,
  body: AsyncIterable<string>,
): AsyncGenerator<string, void> {
  let held: string[] = []
  let size = 0
  let least = HELD
  for await (const text of body) {
    held.push(text)
    size += text.length
    if (size < least && !res.destroyed) continue
    yield held.join('')
    held = []
    size = 0
    least = PIECE
  }
  yield held.join('')
}

/**
 * Sends the JSON text that `body` yields piece by piece. Up to {@link HELD} characters are kept
 * and sent whole at the end, as {@link sendJson} does; a larger answer (a run of 300,000 steps)
 * is sent as it is made, `pipeline` waiting whenever the socket's buffer is full, so it is never
 * held whole. Once such an answer has begun a failure can only end the connection: the client
 * sees a cut answer, never a complete-looking one. A client that left (or a HEAD request, once
 * its headers are known) stops the making: `body` is closed, its `finally` blocks run.
 */
export async function sendJsonStream(
  res: ServerResponse,
  status: number,
  body: AsyncIterable<string>,
): Promise<void> {
  const pieces = piecesOf(res, body)
  try {
    const { value: held = '' } = await pieces.next()
    if (res.destroyed) throw new ClientGoneError('The client closed the connection.')
    // The whole answer, or a HEAD request's headers alone (the rest of `body` is not made).
    if (held.length < HELD || res.req.method === 'HEAD') return sendJsonText(res, status, held)
    setHeaders(res, status, {})
    res.write(held)
    await pipeline(pieces, res)
  } catch (error) {
    // The connection closed before the answer's end: the client left.
    if ((error as { code?: unknown } | null)?.code !== 'ERR_STREAM_PREMATURE_CLOSE') throw error
    throw new ClientGoneError('The client closed the connection.', { cause: error })
  } finally {
    // What the answer did not need of `body` is not made.
    await pieces.return()
  }
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

/**
 * Sends a CSV file as it is made: each piece `body` yields is written when the socket takes it
 * (`pipeline` waits while its buffer is full), so a file of every run of a year is never held
 * whole and its first bytes leave at once. `fileName` is a name the server made (ASCII). A
 * failure once it has begun can only end the connection: the client sees a cut file.
 */
export async function sendCsvStream(
  res: ServerResponse,
  fileName: string,
  body: Iterable<string>,
): Promise<void> {
  setHeaders(res, 200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="${fileName}"`,
  })
  if (res.req.method === 'HEAD') {
    res.end()
    return
  }
  try {
    await pipeline(Readable.from(body, { objectMode: false }), res)
  } catch (error) {
    if ((error as { code?: unknown } | null)?.code !== 'ERR_STREAM_PREMATURE_CLOSE') throw error
    throw new ClientGoneError('The client closed the connection.', { cause: error })
  }
}
