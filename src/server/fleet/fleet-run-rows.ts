import type { RunRowsPage } from '@/domain/contract'
import { emptyRecord, type Counts } from '@/domain/summary/records'
import { num, type Row } from '../db/database'
import { secondsFrom } from '../read/run-match'
import { pageOfRunRows, pageRunsOf, type RunRowsSource } from '../read/run-rows'
import { talliesOfKeys, Tally, type RunTallies, type TallyQuery } from '../view/fold-run-tallies'
import { RunFlag, runFlagsOfKeys } from '../view/key-roles'
import { listsStep } from '../view/fold-run-rounds'
import { GroupIds } from '../view/step-store'
import type { ClickHouse } from './clickhouse'
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
  const { range, ids, keyOfHash, roles, uids } = listing
  const tallies = emptyTallies(uids)
  if (runs !== null && runs.length === 0) return tallies
  const at = new Map((runs ?? uids.map((_, run) => run)).map((run) => [uids[run] as number, run]))
  const { tally, code } = talliesOfKeys(ids.keys, roles)
  const only = runs === null ? '' : ' AND run IN {page:Array(UInt64)}'
  const calls = await ch.query(
    `SELECT run, toString(key) AS hash, count() AS n FROM ${STEPS_IN_RANGE}${only}
     GROUP BY run, key`,
    {
      ...range,
      ...(runs === null ? {} : { page: runs.map((run) => BigInt(uids[run] as number)) }),
    },
  )
  const columns = [
    tallies.toolCalls,
    tallies.failed,
    tallies.denied,
    tallies.refusedArguments,
    tallies.refusedTurn,
  ]
  for (const row of calls) {
    const run = at.get(num(row.run))
    const key = keyOfHash.get(String(row.hash))
    if (run === undefined || key === undefined) continue
    const kind = tally[key] as number
    if (kind === Tally.None) continue
    const count = num(row.n)
    tallies.toolCalls[run] = (tallies.toolCalls[run] as number) + count
    if (kind === Tally.Other) {
      let codes = tallies.otherCodes.get(run)
      if (codes === undefined) tallies.otherCodes.set(run, (codes = emptyRecord<number>()))
      const name = code[key] as string
      codes[name] = (codes[name] ?? 0) + count
    } else if (kind !== Tally.Calls) {
      const column = columns[kind] as Int32Array
      column[run] = (column[run] as number) + count
    }
  }
  return tallies
}

/** How long a listing is used for the next pages of its query: one export pass. */
const LISTING_MS = 5_000
/** Listings kept at once (the most recent queries). */
const LISTINGS = 8
const listings = new Map<string, { at: number; listing: Promise<Listing> }>()

export type Listing = Awaited<ReturnType<typeof listRuns>>

/**
 * The runs a query lists and the keys of its range, made once for all the pages a client asks
 * within {@link LISTING_MS} (a year of ten million steps takes over a second to list): a page
 * then only counts its own runs. Like the single server's counts, a listing is at most one
 * export pass old.
 */
export function listingOf(
  ch: ClickHouse,
  installation: string,
  query: TallyQuery,
): Promise<Listing> {
  const key = JSON.stringify([ch.target, installation, query.from, query.to, query.tools])
  const now = Date.now()
  for (const [old, entry] of listings) if (now - entry.at > LISTING_MS) listings.delete(old)
  const kept = listings.get(key)
  if (kept !== undefined) return kept.listing
  const listing = listRuns(ch, installation, query)
  listing.catch(() => listings.delete(key))
  listings.set(key, { at: now, listing })
  if (listings.size > LISTINGS) listings.delete(listings.keys().next().value as string)
  return listing
}

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
  return { range, ids, keyOfHash, roles, uids: listed.map((row) => num(row.uid)) }
}

/** The exported runs of `installation` as the page's source of run fields and rounds. */
export function exportedRuns(ch: ClickHouse, installation: string): RunRowsSource {
  return {
    async fields(uids) {
      const rows = await ch.query(
        `SELECT toString(uid) AS uid, uuid, status, configuration, started, finished
         FROM rd_runs FINAL WHERE installation = {i:String} AND uid IN {uids:Array(UInt64)}
           AND gone = 0`,
        { i: installation, uids: uids.map(BigInt) },
      )
      // The columns `runFields` reads, as the CMS's run row names them.
      return new Map(
        rows.map((row): [number, Row] => [
          num(row.uid),
          {
            uid: num(row.uid),
            uuid: String(row.uuid),
            status: String(row.status),
            configuration_identifier: String(row.configuration),
            started: num(row.started),
            finished_at: num(row.finished),
          },
        ]),
      )
    },
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
  const rows = await ch.query(
    `SELECT run, any(kind) AS kind, any(tool) AS tool, any(refusal) AS refusal,
       any(is_error) AS is_error, any(opened_by) AS opened_by, groupUniqArray(lround) AS rounds
     FROM rd_steps FINAL WHERE installation = {i:String}${only} AND lround > 0
     GROUP BY run, key`,
    { i: installation, ...(uids === null ? {} : { uids: uids.map(BigInt) }) },
  )
  const ids = new GroupIds()
  const seen = new Map<number, Set<number>>()
  for (const row of rows) {
    const key = ids.keys[ids.keyOf(groupOf(row))]
    if (key === undefined || !listsStep(key)) continue
    const run = num(row.run)
    let rounds = seen.get(run)
    if (rounds === undefined) seen.set(run, (rounds = new Set()))
    for (const round of row.rounds as unknown[]) rounds.add(num(round))
  }
  return new Map([...seen].map(([run, rounds]) => [run, rounds.size]))
}
