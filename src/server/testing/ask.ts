import { getResponse, type HttpHandler } from 'msw'

/** One answer of the API: status and parsed JSON body (null when the body is not JSON). */
export interface Answer {
  status: number
  body: unknown
}

async function answerOf(response: Response): Promise<Answer> {
  const text = await response.text()
  let body: unknown = null
  try {
    body = JSON.parse(text)
  } catch {
    body = null
  }
  return { status: response.status, body }
}

/** Asks a running server: `path` is relative to the API base (`/runs?limit=3`). */
export const askServer =
  (base: string, init: RequestInit = {}) =>
  async (path: string): Promise<Answer> =>
    answerOf(await fetch(`${base}${path}`, init))

/** Asks MSW handlers served at `base` without any network. */
export const askHandlers =
  (handlers: HttpHandler[], base: string) =>
  async (path: string): Promise<Answer> => {
    const response = await getResponse(handlers, new Request(`${base}${path}`))
    if (response === undefined) throw new Error(`no handler answers ${path}`)
    return answerOf(response)
  }

/** Every page of a `/runs` question, following `nextCursor` (at most `maxPages`). */
export async function allPages(
  ask: (path: string) => Promise<Answer>,
  path: string,
  maxPages = 50,
): Promise<Answer[]> {
  const answers: Answer[] = []
  let next: string | null = path
  while (next !== null && answers.length < maxPages) {
    const answer = await ask(next)
    answers.push(answer)
    const cursor = (answer.body as { nextCursor?: unknown } | null)?.nextCursor
    next =
      answer.status === 200 && typeof cursor === 'string'
        ? `${path}${path.includes('?') ? '&' : '?'}cursor=${encodeURIComponent(cursor)}`
        : null
  }
  return answers
}
