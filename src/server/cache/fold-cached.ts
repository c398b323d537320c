import { outcomeOf } from '../../domain/outcome'
import { bucketDay, createDayBuckets, dayOf } from '../../domain/time'
import { secondsFrom } from '../read/run-match'
import {
  summaryOf,
  SummaryRows,
  type ServedSummary,
  type SummaryQuery,
} from '../read/summary-shape'
import { timeBuckets } from '../read/time-buckets'
import { BUCKET_SECONDS, type GroupKey, type StepStore } from './step-store'

/** What one run did in the range. */
interface RunInRange {
  calls: number
  refused: number
  failed: number
  unreadable: number
  /** A tool step naming one of the filter's tools. */
  hit: boolean
  /** With a tool filter only: the kinds listed for this run (without one, all runs count). */
  kinds: Set<string> | null
}

/**
 * Whether the cache's quarter hours answer a query exactly: both bounds on a quarter hour, and
 * every local midnight inside the range too (`timeBuckets` is then a multiple of 900 s). Other
 * queries (zones with older, odd offsets) are counted by the database directly.
 */
export function cacheAnswers(query: SummaryQuery): boolean {
  const from = secondsFrom(query.from)
  const to = secondsFrom(query.to)
  if (from % BUCKET_SECONDS !== 0 || to % BUCKET_SECONDS !== 0) return false
  return timeBuckets(daysOf(query), from, to) % BUCKET_SECONDS === 0
}

const daysOf = (query: SummaryQuery) =>
  createDayBuckets(dayOf(query.from, query.tz), dayOf(query.to - 1, query.tz), query.tz)

/**
 * `/summary` from the cached groups, with the same rules as the database's count
 * (`read/summary.ts`): steps of recorded runs in `[from, to)`; a tool step counts when its name
 * and outcome fields are readable, by the one outcome rule; with tools, only runs with a tool
 * step naming one of them (exactly). `summary.property.test.ts` and `cache.property.test.ts`
 * hold both to the same answers. Only for queries {@link cacheAnswers} accepts.
 */
export function foldCached(
  query: SummaryQuery,
  stores: readonly StepStore[],
  statuses: ReadonlyMap<number, string>,
): ServedSummary {
  const from = secondsFrom(query.from)
  const days = daysOf(query)
  const wanted = new Set(query.tools)
  const filtered = wanted.size > 0
  const runs = new Map<number, RunInRange>()
  const dayByBucket = new Map<number, string | null>()
  const kinds = new Set<string>()
  /** Calls by day and group key: far fewer than groups, so each becomes a row only once. */
  const callsByDay = new Map<string, Map<GroupKey, number>>()
  const dayOfBucket = (bucket: number) => {
    let day = dayByBucket.get(bucket)
    if (day === undefined) {
      day = bucketDay(days, Math.max(bucket * BUCKET_SECONDS, from) * 1000)
      dayByBucket.set(bucket, day)
    }
    return day
  }
  for (const store of stores) {
    store.forEachIn(
      from / BUCKET_SECONDS,
      secondsFrom(query.to) / BUCKET_SECONDS,
      (bucket, run, key, steps) => {
        if (!statuses.has(run)) return
        let seen = runs.get(run)
        if (seen === undefined) {
          seen = {
            calls: 0,
            refused: 0,
            failed: 0,
            unreadable: 0,
            hit: false,
            kinds: filtered ? new Set() : null,
          }
          runs.set(run, seen)
        }
        if (key.kind !== 'tool') {
          ;(seen.kinds ?? kinds).add(key.kind)
          return
        }
        const selected = filtered
          ? key.toolText !== null && wanted.has(key.toolText)
          : key.toolName !== null
        if (selected) seen.hit = true
        if (key.toolName === null || key.outcome === null) {
          if (!filtered || key.toolName === null || selected) seen.unreadable += steps
          return
        }
        ;(seen.kinds ?? kinds).add('tool')
        if (!selected) return
        seen.calls += steps
        const outcome = outcomeOf(key.outcome)
        if (outcome === 'failed') seen.failed += steps
        else if (outcome !== 'succeeded') seen.refused += steps
        const day = dayOfBucket(bucket)
        if (day === null) return
        let calls = callsByDay.get(day)
        if (calls === undefined) callsByDay.set(day, (calls = new Map()))
        calls.set(key, (calls.get(key) ?? 0) + steps)
      },
    )
  }
  const counts = { runs: 0, withCalls: 0, withRefusal: 0, withFailure: 0, unreadable: 0 }
  const rows = new SummaryRows()
  for (const [day, calls] of callsByDay) {
    for (const [key, steps] of calls) {
      if (key.toolName !== null && key.outcome !== null)
        rows.add(day, key.toolName, key.outcome, steps)
    }
  }
  const byStatus = new Map<string, number>()
  for (const [run, seen] of runs) {
    if (filtered && !seen.hit) continue
    const status = statuses.get(run) ?? ''
    byStatus.set(status, (byStatus.get(status) ?? 0) + 1)
    counts.runs += 1
    if (seen.calls > 0) counts.withCalls += 1
    if (seen.refused > 0) counts.withRefusal += 1
    if (seen.failed > 0) counts.withFailure += 1
    counts.unreadable += seen.unreadable
    for (const kind of seen.kinds ?? []) kinds.add(kind)
  }
  return summaryOf(query, rows, { ...counts, byStatus }, kinds)
}
