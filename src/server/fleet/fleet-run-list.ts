import type { RunListQuery } from '@/domain/api-query'
import { num } from '../db/database'
import { rangeRows, listRangeRows, type RangeRows, type ServedList } from '../view/run-list'
import type { RunTallies, TallyQuery } from '../view/fold-run-tallies'
import type { FactsByUid, RunFacts } from '../view/run-facts'
import { statusIndexOf } from '../view/run-status-index'
import type { ClickHouse } from './clickhouse'
import { countTallies, fleetRounds, listingOf } from './fleet-run-rows'
import { KeptBriefly } from './kept-briefly'

/** A runs list of one installation, and what its pages are made from. */
export interface FleetRunList {
  listed: ServedList
  tallies: RunTallies
  facts: FactsByUid
}

/** A range's rows, for every order and filter of its list. */
const ranges = new KeptBriefly<{ rows: RangeRows; tallies: RunTallies; facts: FactsByUid }>(4)
/** Lists as asked (range, filters, order), for their next pages. */
const lists = new KeptBriefly<FleetRunList>(8)

/**
 * `/run-list` of one installation from its exported rows (decision 0017), by the single server's
 * own list (`rangeRows`, `listRangeRows`): the runs `/run-rows` lists for the range, each counted
 * by key with the view's tallies, its rounds from every step and its fields from its run row,
 * then filtered and sorted as the server does. A range's rows and a list are kept for an export
 * pass ({@link KeptBriefly}): the next pages, and another order of the same range, reuse them.
 */
export function fleetRunList(
  ch: ClickHouse,
  installation: string,
  query: RunListQuery,
): Promise<FleetRunList> {
  const range = { from: query.from, to: query.to, tools: query.tools }
  const asked = JSON.stringify([ch.target, installation, range])
  return lists.get(JSON.stringify([asked, query.filters, query.sort]), async () => {
    const { rows, tallies, facts } = await ranges.get(asked, () =>
      rowsOfRange(ch, installation, range),
    )
    return { listed: await listRangeRows(rows, query), tallies, facts }
  })
}

async function rowsOfRange(ch: ClickHouse, installation: string, range: TallyQuery) {
  const listing = await listingOf(ch, installation, range)
  const [tallies, rounds, runs] = await Promise.all([
    countTallies(ch, listing, null),
    fleetRounds(ch, installation, null),
    recordedRuns(ch, installation),
  ])
  const statuses = statusIndexOf(listing.uids, (uid) => runs.get(uid)?.status)
  const facts: FactsByUid = { get: (uid) => runs.get(uid)?.fact }
  const rows = await rangeRows({
    tallies,
    rounds: Int32Array.from(listing.uids, (uid) => rounds.get(uid) ?? 0),
    statuses,
    facts,
  })
  return { rows, tallies, facts }
}

/** The installation's recorded runs: status and facts by uid (read as columns: one row). */
async function recordedRuns(ch: ClickHouse, installation: string) {
  const [read] = await ch.query(
    `SELECT groupArray(toFloat64(uid)) AS uids, groupArray(status) AS statuses,
       groupArray(uuid) AS uuids, groupArray(configuration) AS configurations,
       groupArray(started) AS started, groupArray(finished) AS finished
     FROM rd_runs FINAL WHERE installation = {i:String} AND gone = 0`,
    { i: installation },
  )
  const column = (name: string) => (read?.[name] as unknown[] | undefined) ?? []
  const [statuses, uuids, configurations, started, finished] = [
    'statuses',
    'uuids',
    'configurations',
    'started',
    'finished',
  ].map(column) as [unknown[], unknown[], unknown[], unknown[], unknown[]]
  const runs = new Map<number, { status: string; fact: RunFacts }>()
  column('uids').forEach((uid, i) => {
    runs.set(num(uid), {
      status: String(statuses[i]),
      fact: {
        uuid: String(uuids[i]),
        configuration: String(configurations[i]),
        started: num(started[i]),
        finished: num(finished[i]),
      },
    })
  })
  return runs
}
