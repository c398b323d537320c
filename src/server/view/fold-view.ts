import type { SummaryResponse } from '@/domain/contract'
import { bucketIndex, createDayBuckets, dayOf } from '@/domain/time'
import { secondsFrom } from '../read/run-match'
import {
  rowKeyOf,
  summaryOf,
  SummaryRows,
  type RowKey,
  type SummaryQuery,
} from '../read/summary-shape'
import { TurnTaker } from '../turns'
import { CallTally } from './call-tally'
import { inSlices } from './in-slices'
import { keyRoles, listsKind, Role, RunFlag, runFlagsOfKeys } from './key-roles'
import type { RunStatusIndex } from './run-status-index'
import { BUCKET_SECONDS, type GroupIds, type StepStore } from './step-store'

/** The days from the one holding `from` to the one holding `to - 1` (ms). */
const daysOf = (from: number, to: number, tz: string) =>
  createDayBuckets(dayOf(from, tz), dayOf(to - 1, tz), tz)

const { Seen: SEEN, Hit: HIT, Calls: CALLS, Refused: REFUSED, Failed: FAILED } = RunFlag

/**
 * `/summary` from the view's groups — the server's one way to count it (decision 0022): steps of
 * recorded runs (a status in `statuses`) in `[from, to)`; a tool step counts when its name and
 * outcome fields are readable, by the one outcome rule; with tools, only runs with a tool step
 * naming one of them (exactly). `view.property.test.ts` holds it to the database's own count
 * (`testing/database-count.ts`, a test reference). Only for queries on the grain
 * (`summaryGrainProblem` null). One pass over the groups in range, with a slot per run (runs
 * are numbered densely by {@link GroupIds}); with tools, a second pass collects the step kinds
 * of the runs kept.
 */
export async function foldView(
  query: SummaryQuery,
  stores: readonly StepStore[],
  ids: GroupIds,
  statuses: RunStatusIndex,
  turns: TurnTaker = new TurnTaker(),
): Promise<SummaryResponse> {
  const from = secondsFrom(query.from)
  // The fold gives other requests a turn now and then (`turns`), while a refresh may change the
  // view. It reads what the view held when it began: stores only ever append to their columns
  // (or are replaced whole), so their columns and sizes taken now stay as they are.
  const columns = stores.map((store) => store.columns)
  // Only the buckets the view holds are looked at: a range of ten thousand years costs what the
  // data in it costs, and its days are those the data has.
  const held = stores.filter((store) => store.size > 0)
  const dataFirst = Math.min(...held.map((store) => store.minBucket))
  const dataEnd = Math.max(...held.map((store) => store.maxBucket)) + 1
  const first = held.length === 0 ? 0 : Math.max(from / BUCKET_SECONDS, dataFirst)
  const end =
    held.length === 0
      ? 0
      : Math.max(first, Math.min(secondsFrom(query.to) / BUCKET_SECONDS, dataEnd))
  const filtered = query.tools.length > 0
  const roles = keyRoles(ids.keys, query.tools)
  const runCount = ids.runUids.length
  const status = statuses.status
  const flags = new Uint8Array(runCount)
  const unreadable = new Int32Array(runCount)
  const kindSeen = new Uint8Array(roles.kinds.length)
  const days =
    end > first
      ? daysOf(
          Math.max(query.from, first * BUCKET_SECONDS * 1000),
          end * BUCKET_SECONDS * 1000,
          query.tz,
        )
      : daysOf(query.from, query.from + 1, query.tz)
  /** Day index per bucket in range, filled when first needed (-2: not yet; -1: no day). */
  const dayAt = new Int32Array(Math.max(0, end - first)).fill(-2)
  const calls = new CallTally(days.days.length, roles.rows.length)
  // What a step of each key does to its run's flags, worked out once per key, not per group.
  const keyFlags = runFlagsOfKeys(roles)
  const keySeen = new Uint8Array(roles.role.length)
  const keyRow = roles.row
  const keyRole = roles.role

  await inSlices(columns, turns, ({ buckets, runs, keys, steps }, start, stop) => {
    for (let i = start; i < stop; i += 1) {
      const bucket = buckets[i] as number
      const run = runs[i] as number
      if (bucket < first || bucket >= end || !((status[run] as number) >= 0)) continue
      const key = keys[i] as number
      flags[run] = (flags[run] as number) | (keyFlags[key] as number)
      keySeen[key] = 1
      const row = keyRow[key] as number
      if (row < 0) {
        if (keyRole[key] === Role.UnreadableCounted)
          unreadable[run] = (unreadable[run] as number) + (steps[i] as number)
        continue
      }
      let day = dayAt[bucket - first] as number
      if (day === -2) {
        day = bucketIndex(days, Math.max(bucket * BUCKET_SECONDS, from) * 1000)
        dayAt[bucket - first] = day
      }
      if (day >= 0) calls.add(day, row, steps[i] as number)
    }
  })
  if (!filtered) {
    // Without a filter every run is kept: the kinds are those of the keys seen.
    keySeen.forEach((seen, key) => {
      if (seen === 1 && listsKind(roles.role[key] as Role)) kindSeen[roles.kind[key] as number] = 1
    })
  } else {
    // Only the kinds of the runs kept: a second pass, now that every run's HIT is known.
    await inSlices(columns, turns, ({ buckets, runs, keys }, start, stop) => {
      for (let i = start; i < stop; i += 1) {
        const bucket = buckets[i] as number
        if (bucket < first || bucket >= end) continue
        if (((flags[runs[i] as number] as number) & HIT) === 0) continue
        const key = keys[i] as number
        if (listsKind(roles.role[key] as Role)) kindSeen[roles.kind[key] as number] = 1
      }
    })
  }

  // Making the answer's rows (and its JSON text after) is a piece of its own.
  await turns.take()
  const rows = new SummaryRows()
  const rowKeys = roles.rows.map((key): RowKey | null =>
    key.toolName && key.outcome ? rowKeyOf(key.toolName, key.outcome) : null,
  )
  calls.forEach((day, row, count) => {
    const key = rowKeys[row]
    const name = days.days[day]
    if (key && name) rows.addTo(name, key, count)
  })
  const counts = { runs: 0, withCalls: 0, withRefusal: 0, withFailure: 0, unreadable: 0 }
  const runsByStatus = new Int32Array(statuses.names.length)
  for (let run = 0; run < runCount; run += 1) {
    const flag = flags[run] as number
    if ((flag & SEEN) === 0 || (filtered && (flag & HIT) === 0)) continue
    const id = status[run] as number
    runsByStatus[id] = (runsByStatus[id] as number) + 1
    counts.runs += 1
    if (flag & CALLS) counts.withCalls += 1
    if (flag & REFUSED) counts.withRefusal += 1
    if (flag & FAILED) counts.withFailure += 1
    counts.unreadable += unreadable[run] as number
  }
  const byStatus = new Map<string, number>()
  statuses.names.forEach((name, id) => {
    const runs = runsByStatus[id] as number
    if (runs > 0) byStatus.set(name, runs)
  })
  const kinds = roles.kinds.filter((_, kind) => kindSeen[kind] === 1)
  return summaryOf(query, rows, { ...counts, byStatus }, kinds)
}
