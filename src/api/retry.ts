import { HttpError, TimeoutError, isRetryable } from './errors'

/** How often a call is tried again after its first try. */
export const MAX_RETRIES = 3

/**
 * The kinds of call, by what happens when they give up: `request` (one answer a page waits for:
 * `/meta`, `/tools`, `/runs/{uuid}`), `pages` (a load of every `/runs` page of a query) and
 * `summary` (the pre-aggregated `/summary`, which falls back to folding `/runs`).
 */
export type RetriedCall = 'request' | 'pages' | 'summary'

/**
 * The one retry policy: whether to try a call again after failure `attempt` (0-based). Server
 * trouble ({@link isRetryable}: 5xx, 429, network, timeout), at most {@link MAX_RETRIES} times;
 * less where giving up serves the reader better:
 * - a `request` never retries a timeout: each try already waited the whole timeout, so the reader
 *   gets the message and a Retry after one wait instead of four silent ones;
 * - `summary` retries only a server that asked for patience (429, 503; decision 0008): any
 *   other trouble folds `/runs` instead, which reports it the usual way.
 */
export function shouldRetry(call: RetriedCall, attempt: number, error: unknown): boolean {
  if (attempt >= MAX_RETRIES || !isRetryable(error)) return false
  if (call === 'request') return !(error instanceof TimeoutError)
  if (call === 'summary') return error instanceof HttpError && [429, 503].includes(error.status)
  return true
}

/**
 * The wait before retry `attempt` (0-based): what a 429/503 `Retry-After` asked for, else a
 * backoff of 0.5 s, 1 s, 2 s … capped at 8 s.
 */
export const retryDelay = (attempt: number, error: unknown): number =>
  error instanceof HttpError && error.retryAfterMs !== null
    ? error.retryAfterMs
    : Math.min(500 * 2 ** attempt, 8_000)

/** {@link shouldRetry} and {@link retryDelay} in one: the wait before trying again, or null. */
export type RetryWait = (attempt: number, error: unknown) => number | null

/** The policy for one kind of call, as the loaders use it. */
export const retryWait =
  (call: RetriedCall): RetryWait =>
  (attempt, error) =>
    shouldRetry(call, attempt, error) ? retryDelay(attempt, error) : null
