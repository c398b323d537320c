import type { SummaryResponse } from '@/domain/contract'
import { normalizeZone } from '@/domain/time'
import { num } from '../db/database'
import { secondsFrom } from '../read/run-match'
import { rowKeyOf, summaryOf, SummaryRows, type SummaryQuery } from '../read/summary-shape'
import { keyRoles, listsKind, Role, RunFlag, runFlagsOfKeys } from '../view/key-roles'
import { GroupIds, type StepGroup } from '../view/step-store'
import type { ClickHouse, ClickHouseParam } from './clickhouse'

const { Seen: SEEN, Hit: HIT, Calls: CALLS, Refused: REFUSED, Failed: FAILED } = RunFlag

/** The steps of the installations in `[from, to)`, each as its latest copy. */
export const STEPS_IN_RANGE = `rd_steps FINAL WHERE installation IN {is:Array(String)}
  AND crdate >= {from:Int64} AND crdate < {to:Int64}`
/**
 * A run as one number: its installation's place in `is` above bit 48, its uid below (a CMS uid is
 * far below 2^48). Grouping and matching by it is four times faster than by the pair
 * (a year of ten million steps grouped by run: 116–125 ms against 545–597 ms).
 */
const runKey = (uid: string) =>
  `bitOr(bitShiftLeft(toUInt64(indexOf({is:Array(String)}, installation)), 48), ${uid})`
/** A key's flags and whether it is an unreadable call counted, by its hash. */
const flagsOf = (key: string) =>
  `transform(${key}, {hashes:Array(UInt64)}, {flags:Array(UInt8)}, toUInt8(0))`
const unreadableOf = (key: string) =>
  `transform(${key}, {hashes:Array(UInt64)}, {unreadable:Array(UInt8)}, toUInt8(0))`
const FLAGS = flagsOf('key')
const UNREADABLE = unreadableOf('key')
/** A time in epoch seconds as its day in the query's zone. */
const dayOf = (seconds: string) => `toDate32(toDateTime64(${seconds}, 0, 'UTC'), {tz:String})`

/** The recorded runs counted per run (`rd_run_steps`) with a step in `[from, to)`. */
const OVERLAPPING = `installation IN {is:Array(String)} AND gone = 0
  AND last >= {from:Int64} AND first < {to:Int64}`
const RUNS_OVERLAPPING = `rd_run_steps FINAL WHERE ${OVERLAPPING}`
/**
 * A run whose every step lies in `[from, to)` and on one day of the zone: its counts by key are
 * its counts in range, all on its first step's day. (A day never goes back as time goes on, in
 * any zone ClickHouse knows, so the steps between lie on that day too.)
 */
const WHOLE = `first >= {from:Int64} AND last < {to:Int64} AND ${dayOf('first')} = ${dayOf('last')}`
/** The other runs in range, read step by step: by run key. */
const SPLIT = `(SELECT ${runKey('run')} FROM ${RUNS_OVERLAPPING} AND NOT (${WHOLE}))`
/** Their steps in range (within `[lo, hi]`, the span of theirs). */
const SPLIT_STEPS = `${STEPS_IN_RANGE} AND crdate >= {lo:Int64} AND crdate <= {hi:Int64}
  AND ${runKey('run')} IN ${SPLIT}`
/** Each whole run's flags and unreadable calls counted, from its keys. */
const WHOLE_FLAGS = `arrayReduce('groupBitOr', arrayMap(k -> ${flagsOf('k')}, keys))`
const WHOLE_UNREADABLE = `arraySum(arrayMap((k, n) -> ${unreadableOf('k')} * n, keys, counts))`

/**
 * `/summary` of one or more installations from their exported rows (decision 0017): ClickHouse
 * counts by day and key hash, by run and by status; Node decodes each distinct key once with the
 * view's own decoding and roles (`GroupIds`, `keyRoles`), so a key means here what it means to
 * the single installation's server, and the answer is built by the same `summaryOf`. A run that
 * lies wholly in range and on one local day is counted from its row of `rd_run_steps` (its
 * counts by key, kept by the exporter); the few others (across the range's edges or a midnight
 * of the zone) from their steps. Local days are ClickHouse's own zone data (the same days as the
 * runtime's for each of its 418 zones at the instants checked; `toDate32` is a third faster than
 * `formatDateTime` on a year). With several installations, their counts are summed.
 */
export async function fleetSummary(
  ch: ClickHouse,
  installations: readonly string[],
  query: SummaryQuery,
): Promise<SummaryResponse> {
  const range: FleetRange = {
    is: installations,
    from: secondsFrom(query.from),
    to: secondsFrom(query.to),
  }
  // A name the query may spell in any case ("asia/kolkata"); ClickHouse knows it as listed.
  const tz = normalizeZone(query.tz) ?? query.tz
  const [{ keyOfHash, roles, hashes, keyIds }, [split]] = await Promise.all([
    rolledUpKeys(ch, range, query.tools),
    ch.query(
      `SELECT count() AS n, min(first) AS lo, max(last) AS hi FROM ${RUNS_OVERLAPPING}
         AND NOT (${WHOLE})`,
      { ...range, tz },
    ),
  ])
  const keyFlags = runFlagsOfKeys(roles)
  const params: Record<string, ClickHouseParam> = {
    ...range,
    tz,
    lo: split ? num(split.lo) : 0,
    hi: split ? num(split.hi) : 0,
    hashes: hashes.map((hash) => BigInt(hash)),
    flags: keyIds.map((id) => keyFlags[id] as number),
    unreadable: keyIds.map((id) => (roles.role[id] === Role.UnreadableCounted ? 1 : 0)),
    calls: hashes.filter((_, at) => (roles.row[keyIds[at] as number] as number) >= 0).map(BigInt),
    need: SEEN | (query.tools.length > 0 ? HIT : 0),
  }
  const anySplit = split !== undefined && num(split.n) > 0
  /** The whole runs' part of a count and, where some run is split, its steps' part. */
  const both = (whole: string, steps: string) =>
    anySplit ? `${whole}\n UNION ALL ${steps}` : whole
  const isCall = query.tools.length === 0 ? '1' : 'has({calls:Array(UInt64)}, k)'
  const [callRows, statusRows, keptRows] = await Promise.all([
    ch.query(
      `SELECT toString(d) AS day, toString(k) AS hash, sum(n) AS calls FROM (${both(
        `SELECT ${dayOf('first')} AS d, k, n FROM rd_run_steps FINAL
           ARRAY JOIN keys AS k, counts AS n
         WHERE ${OVERLAPPING} AND ${WHOLE} AND ${isCall}`,
        `SELECT ${dayOf('crdate')} AS d, key AS k, toUInt64(1) AS n FROM ${SPLIT_STEPS}
           AND ${isCall}`,
      )}) GROUP BY d, k`,
      params,
    ),
    ch.query(
      `SELECT status, count() AS runs, countIf(bitAnd(f, ${CALLS}) != 0) AS calls,
         countIf(bitAnd(f, ${REFUSED}) != 0) AS refused, countIf(bitAnd(f, ${FAILED}) != 0) AS failed,
         sum(u) AS unreadable
       FROM (${both(
         `SELECT status, ${WHOLE_FLAGS} AS f, toUInt64(${WHOLE_UNREADABLE}) AS u
          FROM ${RUNS_OVERLAPPING} AND ${WHOLE}`,
         `SELECT r.status AS status, s.f AS f, s.u AS u
          FROM (SELECT ${runKey('run')} AS rk, groupBitOr(${FLAGS}) AS f,
              toUInt64(sum(${UNREADABLE})) AS u
            FROM ${SPLIT_STEPS} GROUP BY rk) AS s
          INNER JOIN (SELECT ${runKey('run')} AS rk, status FROM ${RUNS_OVERLAPPING}) AS r
            ON r.rk = s.rk`,
       )})
       WHERE bitAnd(f, {need:UInt8}) = {need:UInt8}
       GROUP BY status`,
      params,
    ),
    // Without a tool filter the kinds kept are those of any recorded step in range: every key of
    // the grouped days, so one pass over the runs gives both.
    query.tools.length === 0
      ? null
      : ch.query(
          `SELECT DISTINCT toString(k) AS hash FROM (${both(
            `SELECT arrayJoin(keys) AS k FROM ${RUNS_OVERLAPPING} AND ${WHOLE}
               AND bitAnd(${WHOLE_FLAGS}, ${HIT}) != 0`,
            `SELECT key AS k FROM ${SPLIT_STEPS}
               AND ${runKey('run')} IN (SELECT ${runKey('run')} AS rk FROM ${SPLIT_STEPS}
                 GROUP BY rk HAVING bitAnd(groupBitOr(${FLAGS}), ${HIT}) != 0)`,
          )})`,
          params,
        ),
  ])
  const kindRows = keptRows ?? callRows
  const rows = new SummaryRows()
  const rowKeys = roles.rows.map((key) =>
    key.toolName && key.outcome ? rowKeyOf(key.toolName, key.outcome) : null,
  )
  for (const row of callRows) {
    const id = keyOfHash.get(String(row.hash))
    const key = id === undefined ? null : rowKeys[roles.row[id] as number]
    if (key) rows.addTo(String(row.day), key, num(row.calls))
  }
  const counts = { runs: 0, withCalls: 0, withRefusal: 0, withFailure: 0, unreadable: 0 }
  const byStatus = new Map<string, number>()
  for (const row of statusRows) {
    counts.runs += num(row.runs)
    counts.withCalls += num(row.calls)
    counts.withRefusal += num(row.refused)
    counts.withFailure += num(row.failed)
    counts.unreadable += num(row.unreadable)
    byStatus.set(String(row.status), num(row.runs))
  }
  const kinds = new Set<string>()
  for (const row of kindRows) {
    const id = keyOfHash.get(String(row.hash))
    if (id !== undefined && listsKind(roles.role[id] as Role)) {
      kinds.add(roles.kinds[roles.kind[id] as number] ?? '')
    }
  }
  return summaryOf(query, rows, { ...counts, byStatus }, kinds)
}

/** The installations and `[from, to)` in epoch seconds, as the queries bind them. */
export interface FleetRange extends Record<string, ClickHouseParam> {
  is: readonly string[]
  from: number
  to: number
}

/**
 * Every key of the installations' steps, with its texts (`rd_keys`), decoded as
 * {@link fleetKeys} decodes them. A few rows where reading the keys of every step in range took a
 * quarter of a year's `/summary`; a key without a step in range counts nothing.
 */
async function rolledUpKeys(ch: ClickHouse, range: FleetRange, tools: readonly string[]) {
  const found = await ch.query(
    `SELECT toString(key) AS hash, kind, tool, refusal, is_error, opened_by FROM rd_keys FINAL
     WHERE installation IN {is:Array(String)} LIMIT 1 BY key`,
    range,
  )
  return decodedKeys(found, tools)
}

/**
 * The distinct keys of the steps in range, decoded once in Node as the view decodes its groups
 * (`GroupIds`), with their roles for `tools`: by hash, and the hashes with their key ids in the
 * same order (to bind as arrays).
 */
export async function fleetKeys(ch: ClickHouse, range: FleetRange, tools: readonly string[]) {
  const found = await ch.query(
    `SELECT toString(key) AS hash, any(kind) AS kind, any(tool) AS tool, any(refusal) AS refusal,
       any(is_error) AS is_error, any(opened_by) AS opened_by
     FROM rd_steps WHERE installation IN {is:Array(String)}
       AND crdate >= {from:Int64} AND crdate < {to:Int64} GROUP BY key`,
    range,
  )
  return decodedKeys(found, tools)
}

/** Key rows (hash and texts) decoded once each, with their roles for `tools`. */
function decodedKeys(found: readonly Record<string, unknown>[], tools: readonly string[]) {
  const ids = new GroupIds()
  const keyOfHash = new Map<string, number>()
  for (const row of found) keyOfHash.set(String(row.hash), ids.keyOf(groupOf(row)))
  const roles = keyRoles(ids.keys, tools)
  const hashes = [...keyOfHash.keys()]
  const keyIds = hashes.map((hash) => keyOfHash.get(hash) as number)
  return { ids, keyOfHash, roles, hashes, keyIds }
}

/** A row's key texts as the view's groups hold them. */
export const groupOf = (row: Record<string, unknown>): StepGroup =>
  ({
    kind: String(row.kind),
    tool: textOrNull(row.tool),
    refusal: textOrNull(row.refusal),
    isError: textOrNull(row.is_error),
    openedBy: textOrNull(row.opened_by),
  }) as StepGroup

const textOrNull = (value: unknown): string | null =>
  value === null || value === undefined ? null : String(value)
