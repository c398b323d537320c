import { describeValue } from '../filters/describe-value'
import { readSingle, type UncheckedSearch } from '../filters/read-param'
import { instantSchema, KNOWN_RUN_STATUSES } from '../contract'
import type { RunRow } from './run-row'

/**
 * Which counted calls a run must hold: refused under a code (`refused-arguments`,
 * `refused-turn`, `refused-<any other code>`), refused under any code (`refused`), failed,
 * denied by an editor, or none of those (`clean`: every counted call succeeded).
 */
export type RunOutcome =
  | { kind: 'refused'; code: string }
  | { kind: 'refused-any' }
  | { kind: 'failed' }
  | { kind: 'denied' }
  | { kind: 'clean' }

/** The runs list's own URL filters, on top of the shared ones. null means any. */
export interface RunListFilters {
  outcome: RunOutcome | null
  configuration: string | null
  status: string | null
}

export interface ParsedRunListFilters {
  filters: RunListFilters
  /**
   * `after`/`before` (RFC 3339 instants): count only calls in `[after, before)` inside the days,
   * as links from the overview's windows ask; null for whole days.
   */
  within: { startMs: number; endMs: number } | null
  /** One plain-English line per parameter that was ignored. */
  ignored: string[]
}

const REFUSED = 'refused-'

/** The URL value of an outcome (`refused-arguments`, `refused`, `failed`, `clean`, …). */
export function outcomeParam(outcome: RunOutcome): string {
  if (outcome.kind === 'refused') return `${REFUSED}${outcome.code}`
  return outcome.kind === 'refused-any' ? 'refused' : outcome.kind
}

/**
 * An outcome from its URL value; null for anything else. `refused-` alone is the code "" (a
 * `toolRefusal` of "" is a refusal under that code, by the outcome rule).
 */
export function parseOutcome(value: unknown): RunOutcome | null {
  if (value === 'failed' || value === 'denied' || value === 'clean') return { kind: value }
  if (value === 'refused') return { kind: 'refused-any' }
  if (typeof value === 'string' && value.startsWith(REFUSED)) {
    return { kind: 'refused', code: value.slice(REFUSED.length) }
  }
  return null
}

const KNOWN_STATUSES: ReadonlySet<string> = new Set(KNOWN_RUN_STATUSES)

/**
 * The `outcome`, `configuration` and `status` params of a URL. Never throws: a missing or blank
 * one means any, a repeated one keeps its first value, an unknown outcome is ignored with a line
 * in `ignored`. A configuration is free text (an unknown one simply matches no run, which the
 * page says). A status the contract does not name is kept while `seenStatuses` is null (the runs
 * are still loading) or holds it (an installation may record statuses the contract does not
 * name); otherwise it is ignored with a line.
 */
export function parseRunListFilters(
  raw: UncheckedSearch,
  seenStatuses: ReadonlySet<string> | null = null,
): ParsedRunListFilters {
  const ignored: string[] = []
  const rawOutcome = readSingle(raw, 'outcome', ignored)
  let outcome: RunOutcome | null = null
  if (rawOutcome !== undefined) {
    outcome = parseOutcome(rawOutcome)
    if (outcome === null) {
      ignored.push(
        `Ignored outcome=${describeValue(rawOutcome)}: not one of refused, refused-arguments, refused-turn, refused-<code>, failed, denied, clean`,
      )
    }
  }
  const text = (key: string): string | null => {
    const value = readSingle(raw, key, ignored)
    if (value === undefined) return null
    if (typeof value === 'string') return value
    ignored.push(`Ignored ${key}=${describeValue(value)}: not text`)
    return null
  }
  let status = text('status')
  if (status !== null && !KNOWN_STATUSES.has(status) && seenStatuses && !seenStatuses.has(status)) {
    ignored.push(
      `Ignored status=${describeValue(status)}: not one of ${KNOWN_RUN_STATUSES.join(', ')}, and no run of this range has it`,
    )
    status = null
  }
  return {
    filters: { outcome, configuration: text('configuration'), status },
    within: parseWithin(raw, ignored),
    ignored,
  }
}

function parseWithin(
  raw: UncheckedSearch,
  ignored: string[],
): { startMs: number; endMs: number } | null {
  const after = readSingle(raw, 'after', ignored)
  const before = readSingle(raw, 'before', ignored)
  if (after === undefined && before === undefined) return null
  const instant = (value: unknown) =>
    instantSchema.safeParse(value).success ? Date.parse(value as string) : Number.NaN
  const startMs = after === undefined ? -Infinity : instant(after)
  const endMs = before === undefined ? Infinity : instant(before)
  if (Number.isNaN(startMs) || Number.isNaN(endMs) || !(startMs < endMs)) {
    ignored.push(
      `Ignored after=${describeValue(after)} and before=${describeValue(before)}: not two times in order`,
    )
    return null
  }
  return { startMs, endMs }
}

/**
 * The counted calls of `row` that `outcome` is about: refused calls of that code (or of any code),
 * failed or denied calls, or (clean, no outcome) all its calls. Zero when the row holds none.
 */
export function callsOf(row: RunRow, outcome: RunOutcome | null): number {
  if (outcome === null || outcome.kind === 'clean') return row.toolCalls
  if (outcome.kind === 'failed') return row.failed
  if (outcome.kind === 'denied') return row.denied
  if (outcome.kind === 'refused-any') {
    return row.refusedArguments + row.refusedTurn + row.refusedOther
  }
  if (outcome.code === 'arguments') return row.refusedArguments
  if (outcome.code === 'turn') return row.refusedTurn
  return row.otherCodes?.[outcome.code] ?? 0
}

/**
 * Whether `row` passes the filters: it holds at least one counted call of the outcome (clean:
 * none of its counted calls failed, was denied or was refused), and its configuration and status are the
 * given ones. Filters of null let every row pass.
 */
export function matchesRunFilters(row: RunRow, filters: RunListFilters): boolean {
  if (filters.configuration !== null && row.configuration !== filters.configuration) return false
  if (filters.status !== null && row.status !== filters.status) return false
  const { outcome } = filters
  if (outcome === null) return true
  if (outcome.kind === 'clean') {
    return row.failed + row.denied + row.refusedArguments + row.refusedTurn + row.refusedOther === 0
  }
  return callsOf(row, outcome) > 0
}

/** The rows passing `filters` and the counted calls of the outcome they hold. No rows: zeros. */
export function selectRuns(
  rows: readonly RunRow[],
  filters: RunListFilters,
): { rows: RunRow[]; calls: number } {
  const selected: RunRow[] = []
  let calls = 0
  for (const row of rows) {
    if (!matchesRunFilters(row, filters)) continue
    selected.push(row)
    calls += callsOf(row, filters.outcome)
  }
  return { rows: selected, calls }
}

/**
 * How many runs and calls that is, in words: "3 runs holding 4 calls refused for arguments".
 * `tools` names the selected tools (empty: every tool).
 */
export function describeSelection(
  runs: number,
  calls: number,
  outcome: RunOutcome | null,
  tools: readonly string[],
): string {
  const n = (count: number, one: string, many: string) =>
    `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`
  const of = tools.length === 0 ? '' : ` of ${tools.join(', ')}`
  const head = n(runs, 'run', 'runs')
  const callWord = n(calls, 'call', 'calls')
  if (outcome === null) return `${head} holding ${n(calls, 'tool call', 'tool calls')}${of}`
  if (outcome.kind === 'clean') {
    return `${head} without a failed, denied or refused call (${callWord}${of}, all succeeded)`
  }
  if (outcome.kind === 'failed') return `${head} holding ${callWord}${of} that failed`
  if (outcome.kind === 'denied') return `${head} holding ${callWord}${of} denied by an editor`
  if (outcome.kind === 'refused-any') return `${head} holding ${callWord}${of} refused (any code)`
  if (outcome.code === 'arguments') return `${head} holding ${callWord}${of} refused for arguments`
  if (outcome.code === 'turn') return `${head} holding ${callWord}${of} not run (refused: turn)`
  return `${head} holding ${callWord}${of} refused: ${outcome.code}`
}
