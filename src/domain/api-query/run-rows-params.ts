import { offGrain } from './summary-grain'
import { requiredRange, single, toolsOf } from './runs-params'

export const RUN_ROWS_DEFAULT_LIMIT = 1000
export const RUN_ROWS_MAX_LIMIT = 5000

/** The parsed query of `GET /run-rows`, or the one sentence that says what is wrong with it. */
export type RunRowsParams =
  | { ok: true; from: number; to: number; tools: string[]; cursor: string | null; limit: number }
  | { ok: false; message: string }

/**
 * Parses `GET /run-rows`: `from` and `to` (required RFC 3339 instants on a quarter hour, the grain
 * the server counts on; `from` < `to`), repeatable `tool`, `cursor` and `limit` (1 to
 * {@link RUN_ROWS_MAX_LIMIT}). Other parameters are ignored.
 */
export function parseRunRowsParams(search: URLSearchParams): RunRowsParams {
  const range = requiredRange(search)
  if (typeof range === 'string') return { ok: false, message: range }
  const { from, to } = range
  const off = offGrain(from, to)
  if (off !== null) return { ok: false, message: off }
  const rawLimit = single(search, 'limit')
  if (rawLimit === null) return { ok: false, message: '"limit" may be given only once.' }
  const limit = rawLimit === undefined ? RUN_ROWS_DEFAULT_LIMIT : Number(rawLimit)
  if (
    rawLimit !== undefined &&
    (!/^\d{1,5}$/.test(rawLimit) || limit < 1 || limit > RUN_ROWS_MAX_LIMIT)
  ) {
    return { ok: false, message: `"limit" must be an integer from 1 to ${RUN_ROWS_MAX_LIMIT}.` }
  }
  const cursor = single(search, 'cursor')
  if (cursor === null) return { ok: false, message: '"cursor" may be given only once.' }
  const tools = toolsOf(search)
  if (typeof tools === 'string') return { ok: false, message: tools }
  return { ok: true, from, to, tools, cursor: cursor ?? null, limit }
}
