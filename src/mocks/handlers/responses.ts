import { HttpResponse } from 'msw'

/** The contract's 400 with the sentence that says what is wrong with the query. */
export const badRequest = (message: string): Response =>
  HttpResponse.json({ error: 'bad_request', message }, { status: 400 })

/** The 404 of an installation that does not offer the optional endpoint `path`. */
export const notOffered = (path: string): Response =>
  HttpResponse.json(
    { error: 'not_found', message: `This installation does not offer ${path}.` },
    { status: 404 },
  )
