import type { RunListQuery } from '@/domain/api-query'
import { num } from '../db/database'
import { rangeRows, listRangeRows, type ServedList } from '../view/run-list'
import type { RunTallies } from '../view/fold-run-tallies'
import type { FactsByUid, RunFacts } from '../view/run-facts'
import type { RunStatusIndex } from '../view/run-status-index'
import type { ClickHouse } from './clickhouse'
import { countTallies, fleetRounds, listingOf } from './fleet-run-rows'

/** A runs list of one installation, and what its pages are made from. */
export interface FleetRunList {
  listed: ServedList
  tallies: RunTallies
  facts: FactsByUid
}

/** How long a list is used for the next pages of its query: one export pass. */
const LIST_MS = 5_000
const LISTS = 4
const lists = new Map<string, { at: number; list: Promise<FleetRunList> }>()

/**
 * `/run-list` of one installation from its exported rows (decision 0017), by the single server's
 * own list (`rangeRows`, `listRangeRows`): the runs `/run-rows` lists for the range, each counted
 * by key with the view's tallies, its rounds from every step and its fields from its run row,
 * then filtered and sorted as the server does. A list is kept {@link LIST_MS} for the next pages.
 */
export function fleetRunList(
  ch: ClickHouse,
  installation: string,
  query: RunListQuery,
): Promise<FleetRunList> {
  const key = JSON.stringify([ch.target, installation, query])
  const now = Date.now()
  for (const [old, entry] of lists) if (now - entry.at > LIST_MS) lists.delete(old)
  const kept = lists.get(key)
  if (kept !== undefined) return kept.list
  const list = makeList(ch, installation, query)
  list.catch(() => lists.delete(key))
  lists.set(key, { at: now, list })
  if (lists.size > LISTS) lists.delete(lists.keys().next().value as string)
  return list
}

async function makeList(
  ch: ClickHouse,
  installation: string,
  query: RunListQuery,
): Promise<FleetRunList> {
  const listing = await listingOf(ch, installation, query)
  const [tallies, rounds, runs] = await Promise.all([
    countTallies(ch, listing, null),
    fleetRounds(ch, installation, null),
    recordedRuns(ch, installation),
  ])
  const names: string[] = []
  const nameIds = new Map<string, number>()
  const statuses: RunStatusIndex = {
    status: Int32Array.from(listing.uids, (uid) => {
      const name = runs.get(uid)?.status
      if (name === undefined) return -1
      let id = nameIds.get(name)
      if (id === undefined) nameIds.set(name, (id = names.push(name) - 1))
      return id
    }),
    names,
  }
  const facts: FactsByUid = { get: (uid) => runs.get(uid)?.fact }
  const rows = await rangeRows({
    tallies,
    rounds: Int32Array.from(listing.uids, (uid) => rounds.get(uid) ?? 0),
    statuses,
    facts,
  })
  return { listed: await listRangeRows(rows, query), tallies, facts }
}

/** The installation's recorded runs: status and facts by uid. */
async function recordedRuns(ch: ClickHouse, installation: string) {
  const rows = await ch.query(
    `SELECT uid, status, uuid, configuration, started, finished
     FROM rd_runs FINAL WHERE installation = {i:String} AND gone = 0`,
    { i: installation },
  )
  const runs = new Map<number, { status: string; fact: RunFacts }>()
  for (const row of rows) {
    runs.set(num(row.uid), {
      status: String(row.status),
      fact: {
        uuid: String(row.uuid),
        configuration: String(row.configuration),
        started: num(row.started),
        finished: num(row.finished),
      },
    })
  }
  return runs
}
