/** Every way a call to the diagnostics API can fail, as data a page can act on. */
abstract class ApiErrorBase extends Error {
  abstract readonly kind: 'http' | 'network' | 'timeout' | 'contract'
  /** The endpoint path that failed, without base URL or query (`/runs`). */
  readonly endpoint: string
  constructor(endpoint: string, message: string) {
    super(message)
    this.endpoint = endpoint
  }
}

/**
 * A request the client will not send: the value it would name (a run id with a lone surrogate)
 * has no URL form. Asking again cannot help, so no Retry is offered.
 */
export class UnsendableError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'UnsendableError'
  }
}

export class HttpError extends ApiErrorBase {
  readonly kind = 'http'
  constructor(
    endpoint: string,
    readonly status: number,
    /** The body's `error` code, when the body had one. */
    readonly code: string | null,
    /** The body's one-sentence `message`, when the body had one. */
    readonly serverMessage: string | null,
    /** `Retry-After` in milliseconds, when the answer carried a usable one. */
    readonly retryAfterMs: number | null,
    /** The body's `progress` (0–1): how far a server counting for the first time has come. */
    readonly progress: number | null = null,
  ) {
    super(
      endpoint,
      `${endpoint} answered HTTP ${status}${serverMessage ? `: ${serverMessage}` : ''}`,
    )
    this.name = 'HttpError'
  }
}

export class NetworkError extends ApiErrorBase {
  readonly kind = 'network'
  constructor(endpoint: string) {
    super(endpoint, `${endpoint} could not be reached (network error)`)
    this.name = 'NetworkError'
  }
}

export class TimeoutError extends ApiErrorBase {
  readonly kind = 'timeout'
  constructor(
    endpoint: string,
    readonly timeoutMs: number,
  ) {
    super(endpoint, `${endpoint} did not answer within ${timeoutMs} ms`)
    this.name = 'TimeoutError'
  }
}

export class ContractError extends ApiErrorBase {
  readonly kind = 'contract'
  constructor(
    endpoint: string,
    /** JSON path of the value that did not fit (`runs[3].steps[7].occurredAt`), '' for the body. */
    readonly path: string,
    /** What the contract expected there, in words. */
    readonly expected: string,
  ) {
    super(endpoint, `${endpoint} broke the contract at ${path || 'the response body'}: ${expected}`)
    this.name = 'ContractError'
  }
}

/**
 * A 2xx answer that is an HTML page instead of JSON: typically a single sign-on login page
 * served in place of the API once the session ended, or a proxy's error page. A contract error
 * (asking again does not help), named for what it is rather than as "invalid JSON".
 */
export class HtmlPageError extends ContractError {
  constructor(endpoint: string) {
    super(endpoint, '', 'JSON, but the answer is an HTML page')
    this.message = `${endpoint} answered with an HTML page, not JSON (a login page or a proxy error?)`
    this.name = 'HtmlPageError'
  }
}

/** Whether trying the same call again could help (server trouble, not a session or a contract). */
export function isRetryable(error: unknown): boolean {
  if (error instanceof NetworkError || error instanceof TimeoutError) return true
  // 501: the server does not implement it; asking again cannot help.
  if (error instanceof HttpError) {
    return (error.status >= 500 && error.status !== 501) || error.status === 429
  }
  return false
}

/** The three forms of an HTTP date (RFC 9110) all begin with the day's name. */
const HTTP_DATE = /^(mon|tue|wed|thu|fri|sat|sun)[a-z]*,? /i

/**
 * Parses `Retry-After` (seconds or an HTTP date) into milliseconds from `now`;
 * null when absent or unusable. Negative waits become 0; absurd ones are capped at 10 minutes.
 */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (value === null || value.trim() === '') return null
  const trimmed = value.trim()
  // Anything else is no HTTP date: Date.parse would still read '1.5' or '-5' as a day in 2001
  // (a wait of 0, so every retry at once).
  if (!/^\d+$/.test(trimmed) && !HTTP_DATE.test(trimmed)) return null
  const ms = /^\d+$/.test(trimmed) ? Number(trimmed) * 1000 : Date.parse(trimmed) - now
  if (!Number.isFinite(ms)) return null
  return Math.min(Math.max(ms, 0), 600_000)
}

/** One sentence for a person, naming what happened and what they can do. */
export function describeApiError(error: unknown): string {
  if (error instanceof HttpError) {
    if (error.status === 401) return 'Your CMS session has ended — sign in again.'
    if (error.status === 403) return 'Your account may not read run diagnostics.'
    if (error.status === 404) return `${error.endpoint} was not found (HTTP 404).`
    // The server's own sentence may end with its own full stop: one is enough.
    const said = error.serverMessage?.replace(/[.\s]+$/, '') ?? ''
    return `The diagnostics API answered HTTP ${error.status} for ${error.endpoint}${
      said ? ` — ${said}` : ''
    }.`
  }
  if (error instanceof TimeoutError) {
    // Tenths below ten seconds, so a short configured time is never shown as 0.
    const tenths = Math.round(error.timeoutMs / 100) / 10
    const seconds = tenths < 10 ? tenths : Math.round(tenths)
    const unit = seconds === 1 ? 'second' : 'seconds'
    return `The diagnostics API did not answer ${error.endpoint} within ${seconds} ${unit}.`
  }
  if (error instanceof NetworkError) {
    return `The diagnostics API could not be reached for ${error.endpoint} (network error).`
  }
  if (error instanceof HtmlPageError) {
    return `The diagnostics API answered ${error.endpoint} with an HTML page, not JSON — a login page or a proxy error? Reload the page to sign in to the CMS again; if that does not help, check the API's base URL.`
  }
  if (error instanceof ContractError) {
    return `The response of ${error.endpoint} does not fit the diagnostics API contract at ${
      error.path || 'the response body'
    }: ${error.expected}.`
  }
  return error instanceof Error ? error.message : 'Something went wrong.'
}

/**
 * Statuses by which an installation says it does not offer an optional endpoint (decision 0008).
 * 405: a CMS route that knows the path for other methods only (or a router's catch-all).
 */
const NOT_OFFERED: ReadonlySet<number> = new Set([404, 405, 501])

/** Whether `error` is an installation's "this optional endpoint is not offered". */
/** A server that says it does not implement the request (501): asking again cannot help. */
export const isNotImplemented = (error: unknown): boolean =>
  error instanceof HttpError && error.status === 501

export const isNotOffered = (error: unknown): boolean =>
  error instanceof HttpError && NOT_OFFERED.has(error.status)
