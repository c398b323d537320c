import { normalizeZone } from '../time'
import { requiredRange, single, toolsOf } from './runs-params'

/** The parsed query of `GET /summary`, or the one sentence that says what is wrong with it. */
export type SummaryParams =
  | {
      ok: true
      from: number
      to: number
      /** As received (echoed), and a known zone. */
      fromText: string
      toText: string
      tz: string
      tools: string[]
    }
  | { ok: false; message: string }

/**
 * Parses `GET /summary`: `from` and `to` (required RFC 3339 instants, `from` < `to`), `tz`
 * (required IANA zone name) and repeatable `tool`. Other parameters are ignored.
 */
export function parseSummaryParams(search: URLSearchParams): SummaryParams {
  const range = requiredRange(search)
  if (typeof range === 'string') return { ok: false, message: range }
  const { from, to } = range
  const tz = single(search, 'tz')
  if (tz === undefined || tz === null || normalizeZone(tz) === null) {
    return { ok: false, message: '"tz" must be given once, as an IANA time zone name.' }
  }
  const tools = toolsOf(search)
  if (typeof tools === 'string') return { ok: false, message: tools }
  return {
    ok: true,
    from,
    to,
    fromText: search.get('from') ?? '',
    toText: search.get('to') ?? '',
    tz,
    tools,
  }
}
