import { MAX_WINDOW_DAYS } from '../effect/params'
import { DAY_MS } from '../effect/windows'
import { instant, toolsOf } from './runs-params'

/** The parsed query of `GET /effect`, or the one sentence that says what is wrong with it. */
export type EffectParams =
  | { ok: true; from: number; decision: number; to: number; tools: string[] }
  | { ok: false; message: string }

/** The longest window on each side a question may ask for: the overview's own limit. */
const MAX_SIDE_MS = MAX_WINDOW_DAYS * DAY_MS

/**
 * Parses `GET /effect`: the overview's windows `[from, decision)` and `[decision, to)` as RFC
 * 3339 instants (any millisecond: the overview cuts its windows at the data), each at most
 * {@link MAX_WINDOW_DAYS} days long and not both empty, and repeatable `tool`. Other parameters
 * are ignored.
 */
export function parseEffectQuery(search: URLSearchParams): EffectParams {
  const bounds: number[] = []
  for (const name of ['from', 'decision', 'to']) {
    const value = instant(search, name)
    if (typeof value === 'string') return { ok: false, message: value }
    if (value === undefined)
      return { ok: false, message: '"from", "decision" and "to" are required.' }
    bounds.push(value)
  }
  const [from = 0, decision = 0, to = 0] = bounds
  if (!(from <= decision && decision <= to && from < to)) {
    return {
      ok: false,
      message:
        '"from" must not be after "decision", nor "decision" after "to", and "from" must be before "to".',
    }
  }
  if (decision - from > MAX_SIDE_MS || to - decision > MAX_SIDE_MS) {
    return { ok: false, message: `Each window may be at most ${MAX_WINDOW_DAYS} days long.` }
  }
  const tools = toolsOf(search)
  if (typeof tools === 'string') return { ok: false, message: tools }
  return { ok: true, from, decision, to, tools }
}
