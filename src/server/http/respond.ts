import type { ServerResponse } from 'node:http'

/** Sends a JSON body; API answers are never cached by shared caches. */
export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body)
  res.statusCode = status
  res.setHeader('Content-Type', 'application/json; charset=utf-8')
  res.setHeader('Cache-Control', 'private, no-store')
  res.setHeader('X-Content-Type-Options', 'nosniff')
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value)
  res.end(res.req.method === 'HEAD' ? undefined : text)
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
