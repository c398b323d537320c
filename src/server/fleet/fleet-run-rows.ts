import type { RunRowsPage } from '@/domain/contract'
import { emptyRecord, type Counts } from '@/domain/summary/records'
import { num } from '../db/database'
import { secondsFrom } from '../read/run-match'
import { pageOfRunRows, pageRunsOf, type RunRowsSource } from '../read/run-rows'
import { talliesOfKeys, Tally, type RunTallies, type TallyQuery } from '../view/fold-run-tallies'
import { RunFlag, runFlagsOfKeys } from '../view/key-roles'
import { listsStep } from '../view/fold-run-rounds'
import { GroupIds } from '../view/step-store'
import type { ClickHouse } from './clickhouse'
import { fleetRunRowsOf } from './fleet-runs'
import { KeptBriefly } from './kept-briefly'
import { fleetKeys, groupOf, STEPS_IN_RANGE, type FleetRange } from './fleet-summary'

const { Seen: SEEN, Hit: HIT } = RunFlag

/**
 * `/run-rows` of one installation from its exported rows (decision 0017), as its own server
 * answers it (`foldRunTallies`, `pageOfRunRows`): the runs recorded with a step in range (with
 * tools, a tool step in range naming one), highest uid first, each with its counted calls by the
 * same key tallies, its run row's fields and its rounds.
 */
export async function fleetRunRows(
  ch: ClickHouse,
  installation: string,
  query: TallyQuery,
  after: number | null,
  limit: number,
): Promise<RunRowsPage> {
  const listing = await listingOf(ch, installation, query)
  // Only the page's runs are counted call by call: the page is chosen as the server chooses it.
  const page = [...pageRunsOf(emptyTallies(listing.uids), after, limit).page]
  const tallies = await countTallies(ch, listing, page)
  return pageOfRunRows(exportedRuns(ch, installation), tallies, after, limit)
}

/** Tallies of the listed runs `uids` (highest uid first), every count 0. */
function emptyTallies(uids: number[]): RunTallies {
  const n = uids.length
  return {
    order: Int32Array.from(uids, (_, at) => at),
    uids,
    toolCalls: new Int32Array(n),
    failed: new Int32Array(n),
    denied: new Int32Array(n),
    refusedArguments: new Int32Array(n),
    refusedTurn: new Int32Array(n),
    otherCodes: new Map<number, Counts>(),
  }
}

/**
 * The listing's tallies, the calls of `runs` (run numbers of the listing; null: every listed
 * run) counted by key with the view's own tallies (`talliesOfKeys`).
 */
export async function countTallies(
  ch: ClickHouse,
  listing: Listing,
  runs: readonly number[] | null,
): Promise<RunTallies> {
  const { range, ids, roles, uids, hashes, keyIds } = listing
  const tallies = emptyTallies(uids)
  if (runs !== null && runs.length === 0) return tallies
  const at = new Map((runs ?? uids.map((_, run) => run)).map((run) => [uids[run] as number, run]))
  const { tally, code } = talliesOfKeys(ids.keys, roles)
  const only = runs === null ? '' : ' AND run IN {page:Array(UInt64)}'
  const params = {
    ...range,
    hashes: hashes.map((hash) => BigInt(hash)),
    kinds: keyIds.map((id) => tally[id] as number),
    ...(runs === null ? {} : { page: runs.map((run) => BigInt(uids[run] as number)) }),
  }
  // Per run, one row of each column (runs as Float64: exact below 2^53, read as numbers).
  const [counted] = await ch.query(
    `SELECT groupArray(toFloat64(run)) AS runs, groupArray(calls) AS calls,
       groupArray(failed) AS failed, groupArray(denied) AS denied,
       groupArray(arguments) AS arguments, groupArray(turn) AS turn
     FROM (
       SELECT run, count() AS calls, countIf(t = ${Tally.Failed}) AS failed,
         countIf(t = ${Tally.Denied}) AS denied, countIf(t = ${Tally.Arguments}) AS arguments,
         countIf(t = ${Tally.Turn}) AS turn
       FROM (SELECT run, transform(key, {hashes:Array(UInt64)}, {kinds:Array(Int8)}, toInt8(-1)) AS t
         FROM ${STEPS_IN_RANGE}${only})
       WHERE t >= 0 GROUP BY run)`,
    params,
  )
  const column = (name: string) => (counted?.[name] as unknown[] | undefined) ?? []
  const columns = [
    [tallies.toolCalls, column('calls')],
    [tallies.failed, column('failed')],
    [tallies.denied, column('denied')],
    [tallies.refusedArguments, column('arguments')],
    [tallies.refusedTurn, column('turn')],
  ] as const
  column('runs').forEach((uid, i) => {
    const run = at.get(num(uid))
    if (run === undefined) return
    for (const [into, from] of columns) into[run] = num(from[i])
  })
  // Refusals of other codes, by code: few keys, few rows.
  const other = hashes.filter((_, i) => tally[keyIds[i] as number] === Tally.Other)
  if (other.length === 0) return tallies
  const rows = await ch.query(
    `SELECT run, toString(key) AS hash, count() AS n FROM ${STEPS_IN_RANGE}${only}
       AND key IN {other:Array(UInt64)}
     GROUP BY run, key`,
    { ...params, other: other.map((hash) => BigInt(hash)) },
  )
  for (const row of rows) {
    const run = at.get(num(row.run))
    const key = listing.keyOfHash.get(String(row.hash))
    if (run === undefined || key === undefined) continue
    let codes = tallies.otherCodes.get(run)
    if (codes === undefined) tallies.otherCodes.set(run, (codes = emptyRecord<number>()))
    const name = code[key] as string
    codes[name] = (codes[name] ?? 0) + num(row.n)
  }
  return tallies
}

/** Listings of the most recent queries (a year of ten million steps takes a second to list). */
const listings = new KeptBriefly<Listing>(8)

/**
 * The runs a query lists and the keys of its range, made once for all the pages a client asks
 * within an export pass ({@link KeptBriefly}): a page then only counts its own runs. Like the
 * single server's counts, a listing is at most one export pass old.
 */
export function listingOf(
  ch: ClickHouse,
  installation: string,
  query: TallyQuery,
): Promise<Listing> {
  const key = JSON.stringify([ch.target, installation, query.from, query.to, query.tools])
  return listings.get(key, () => listRuns(ch, installation, query))
}

export type Listing = Awaited<ReturnType<typeof listRuns>>

async function listRuns(ch: ClickHouse, installation: string, query: TallyQuery) {
  const range: FleetRange = {
    is: [installation],
    from: secondsFrom(query.from),
    to: secondsFrom(query.to),
  }
  const { ids, keyOfHash, roles, hashes, keyIds } = await fleetKeys(ch, range, query.tools)
  const keyFlags = runFlagsOfKeys(roles)
  const listed = await ch.query(
    `SELECT toString(run) AS uid FROM (
       SELECT run, groupBitOr(transform(key, {hashes:Array(UInt64)}, {flags:Array(UInt8)},
         toUInt8(0))) AS f
       FROM ${STEPS_IN_RANGE} AND run IN (SELECT uid FROM rd_runs FINAL
         WHERE installation = {i:String} AND gone = 0)
       GROUP BY run)
     WHERE bitAnd(f, {need:UInt8}) = {need:UInt8}
     ORDER BY run DESC`,
    {
      ...range,
      i: installation,
      hashes: hashes.map((hash) => BigInt(hash)),
      flags: keyIds.map((id) => keyFlags[id] as number),
      need: SEEN | (query.tools.length > 0 ? HIT : 0),
    },
  )
  return { range, ids, keyOfHash, roles, hashes, keyIds, uids: listed.map((row) => num(row.uid)) }
}

/** The exported runs of `installation` as the page's source of run fields and rounds. */
export function exportedRuns(ch: ClickHouse, installation: string): RunRowsSource {
  return {
    fields: (uids) => fleetRunRowsOf(ch, installation, uids),
    rounds: (uids) => fleetRounds(ch, installation, uids),
  }
}

/**
 * Each run's listed rounds, of `uids` (null: every run of `installation`), from every step of the
 * runs, in range or not: a step is listed as a tool step only when its name and outcome can be
 * read (the key's texts say so), any other step always.
 */
export async function fleetRounds(
  ch: ClickHouse,
  installation: string,
  uids: readonly number[] | null,
): Promise<Map<number, number>> {
  const only = uids === null ? '' : ' AND run IN {uids:Array(UInt64)}'
  const params = { i: installation, ...(uids === null ? {} : { uids: uids.map(BigInt) }) }
  const keys = await ch.query(
    `SELECT toString(key) AS hash, any(kind) AS kind, any(tool) AS tool, any(refusal) AS refusal,
       any(is_error) AS is_error, any(opened_by) AS opened_by
     FROM rd_steps WHERE installation = {i:String}${only} AND lround > 0 GROUP BY key`,
    params,
  )
  const ids = new GroupIds()
  const listed = keys.filter((row) => {
    const key = ids.keys[ids.keyOf(groupOf(row))]
    return key !== undefined && listsStep(key)
  })
  if (listed.length === 0) return new Map()
  const [counted] = await ch.query(
    `SELECT groupArray(toFloat64(run)) AS runs, groupArray(n) AS rounds FROM (
       SELECT run, uniqExact(lround) AS n FROM rd_steps FINAL
       WHERE installation = {i:String}${only} AND lround > 0 AND key IN {listed:Array(UInt64)}
       GROUP BY run)`,
    { ...params, listed: listed.map((row) => BigInt(String(row.hash))) },
  )
  const rounds = (counted?.rounds as unknown[] | undefined) ?? []
  return new Map(
    ((counted?.runs as unknown[] | undefined) ?? []).map((run, i) => [num(run), num(rounds[i])]),
  )
}
