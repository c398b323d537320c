import { instantSchema } from '../contract'

/** A `/runs` query: the half-open step-time range in epoch ms (null = unbounded) and the tool names. */
export interface RunQuery {
  readonly from: number | null
  readonly to: number | null
  readonly tools: readonly string[]
}

export const DEFAULT_LIMIT = 200
export const MAX_LIMIT = 500
/** The most `tool` parameters a query may give (the contract's `maxItems`). */
export const MAX_TOOLS = 1000

/** The `tool` parameters, or the sentence saying there are too many. */
export function toolsOf(search: URLSearchParams): string[] | string {
  const tools = search.getAll('tool')
  return tools.length > MAX_TOOLS
    ? `At most ${MAX_TOOLS} "tool" parameters may be given; leave "tool" out to count every tool.`
    : tools
}

/** The parsed query of `GET /runs`, or the one sentence that says what is wrong with it. */
export type RunsParams =
  | { ok: true; query: RunQuery; cursor: string | null; limit: number }
  | { ok: false; message: string }

/** A single-valued parameter: undefined when absent, null when given more than once. */
export function single(search: URLSearchParams, name: string): string | undefined | null {
  const values = search.getAll(name)
  if (values.length > 1) return null
  return values[0]
}

/** An instant parameter in epoch ms: undefined when absent, else the sentence saying what is wrong. */
export function instant(search: URLSearchParams, name: string): number | undefined | string {
  const raw = single(search, name)
  if (raw === undefined) return undefined
  if (raw === null) return `"${name}" may be given only once.`
  if (!instantSchema.safeParse(raw).success) {
    return `"${name}" must be an RFC 3339 instant with an offset, e.g. 2026-11-03T00:00:00Z.`
  }
  return Date.parse(raw)
}

/**
 * The required `from` and `to` of a counted query (`/summary`, `/run-rows`), `from` before `to`,
 * or the sentence saying what is wrong.
 */
export function requiredRange(search: URLSearchParams): { from: number; to: number } | string {
  const from = instant(search, 'from')
  if (typeof from === 'string') return from
  const to = instant(search, 'to')
  if (typeof to === 'string') return to
  if (from === undefined || to === undefined) return '"from" and "to" are required.'
  if (from >= to) return '"from" must be before "to".'
  return { from, to }
}

/** Parses and validates the query parameters of `GET /runs` exactly as the contract states. */
export function parseRunsParams(search: URLSearchParams): RunsParams {
  const from = instant(search, 'from')
  if (typeof from === 'string') return { ok: false, message: from }
  const to = instant(search, 'to')
  if (typeof to === 'string') return { ok: false, message: to }
  if (from !== undefined && to !== undefined && from >= to) {
    return { ok: false, message: '"from" must be before "to".' }
  }
  const rawLimit = single(search, 'limit')
  if (rawLimit === null) return { ok: false, message: '"limit" may be given only once.' }
  const limit = rawLimit === undefined ? DEFAULT_LIMIT : Number(rawLimit)
  if (rawLimit !== undefined && (!/^\d{1,4}$/.test(rawLimit) || limit < 1 || limit > MAX_LIMIT)) {
    return { ok: false, message: `"limit" must be an integer from 1 to ${MAX_LIMIT}.` }
  }
  const cursor = single(search, 'cursor')
  if (cursor === null) return { ok: false, message: '"cursor" may be given only once.' }
  const tools = toolsOf(search)
  if (typeof tools === 'string') return { ok: false, message: tools }
  return {
    ok: true,
    query: { from: from ?? null, to: to ?? null, tools },
    cursor: cursor ?? null,
    limit,
  }
}
