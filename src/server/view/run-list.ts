import { compareStrings } from '@/domain/summary/records'
import type { RunListQuery } from '@/domain/api-query'
import type { RunListPage, RunRowItem } from '@/domain/contract'
import {
  callsOf,
  compareRunRows,
  matchesRunFilters,
  runListFacets,
  durationOf,
  splitRefused,
  type CountedRun,
  type ListedRuns,
  type RunRow,
} from '@/domain/runs'
import { runTimes } from '../read/runs'
import { TurnTaker } from '../turns'
import type { RunTallies } from './fold-run-tallies'
import type { RunStatusIndex } from './run-status-index'
import type { FactsByUid, RunFacts } from './run-facts'
import { RowsInOrder } from './rows-in-order'

/** A runs list's row as the server keeps it: the page's row, and its run's number in the view. */
export interface ServedRow extends RunRow {
  run: number
}

/** A runs list as the server keeps it: {@link ListedRuns}, its rows sorted as far as asked. */
export interface ServedList extends Omit<ListedRuns<ServedRow>, 'rows'> {
  rows: RowsInOrder<ServedRow>
}

/** Every run of a range as a row, and what those rows hold (what the list's filters offer). */
export interface RangeRows {
  rows: ServedRow[]
  facets: ReturnType<typeof runListFacets>
}

/** What a range's rows are made of: the view's tallies and rounds, and each run's facts. */
export interface RowSources {
  tallies: RunTallies
  rounds: Int32Array
  statuses: RunStatusIndex
  facts: FactsByUid
}

/** Rows made between two looks at the clock. */
const CHECK = 4095

/**
 * The rows of every run a range's tallies list, as `/run-rows` would give them (the same item,
 * read as `runRowFromItem` reads it): counts from the tallies, rounds from the view, the run's own fields
 * from its facts. A run whose facts are gone (purged meanwhile) is left out.
 */
export async function rangeRows(
  { tallies, rounds, statuses, facts }: RowSources,
  turns: TurnTaker = new TurnTaker(),
): Promise<RangeRows> {
  const rows: ServedRow[] = []
  const { order, uids } = tallies
  for (let at = 0; at < order.length; at += 1) {
    if ((at & CHECK) === 0 && turns.due()) await turns.take()
    const run = order[at] as number
    const fact = facts.get(uids[run] as number)
    const status = statuses.names[statuses.status[run] as number]
    if (fact === undefined || status === undefined) continue
    rows.push(servedRowOf(tallies, run, fact, status, rounds[run] as number))
  }
  return { rows, facets: runListFacets(rows) }
}

/**
 * The runs list of a range's rows: those passing the list's filters, in the list's one order
 * (`compareRunRows`), with their calls of the outcome — `listRuns`, in pieces that take turns;
 * the rows are sorted when a page asks for them ({@link RowsInOrder}).
 */
export async function listRangeRows(
  { rows, facets }: RangeRows,
  query: Pick<RunListQuery, 'filters' | 'sort'>,
  turns: TurnTaker = new TurnTaker(),
): Promise<ServedList> {
  const selected: ServedRow[] = []
  let calls = 0
  for (let at = 0; at < rows.length; at += 1) {
    if ((at & CHECK) === 0 && turns.due()) await turns.take()
    const row = rows[at] as ServedRow
    if (!matchesRunFilters(row, query.filters)) continue
    selected.push(row)
    calls += callsOf(row, query.filters.outcome)
  }
  return { rows: new RowsInOrder(selected, compareRunRows(query.sort)), calls, ...facets }
}

const NO_OTHER_CODES = { refusedOther: 0, otherCodes: null }

/**
 * A run's row as `runRowOfCounts(countsOf(…))` makes it, from the tallies' columns at once: one
 * object a run, its own run number in it from the start (a year is 365,000 of them).
 */
function servedRowOf(
  tallies: RunTallies,
  run: number,
  fact: RunFacts,
  status: string,
  rounds: number,
): ServedRow {
  // Only a run with other codes needs its refused list made and split (few do).
  const { refusedOther, otherCodes } = tallies.otherCodes.has(run)
    ? splitRefused(refusedOf(tallies, run))
    : NO_OTHER_CODES
  const startedMs = msOf(fact.started)
  return {
    uuid: fact.uuid,
    configuration: fact.configuration,
    status,
    startedMs,
    rounds,
    toolCalls: tallies.toolCalls[run] as number,
    failed: tallies.failed[run] as number,
    denied: tallies.denied[run] as number,
    refusedArguments: tallies.refusedArguments[run] as number,
    refusedTurn: tallies.refusedTurn[run] as number,
    refusedOther,
    otherCodes,
    durationMs: durationOf(startedMs, fact.finished > 0 ? msOf(fact.finished) : Number.NaN),
    run,
  }
}

/** The page of a runs list from `offset`, each row as `/run-rows` gives it. */
export async function pageOfRunList(
  listed: ServedList,
  offset: number,
  limit: number,
  tallies: RunTallies,
  facts: FactsByUid,
): Promise<RunListPage> {
  const rows: RunRowItem[] = []
  for (const row of await listed.rows.slice(offset, limit)) {
    const fact = facts.get(tallies.uids[row.run] as number)
    if (fact !== undefined) rows.push(itemOf(tallies, row.run, fact, row.status, row.rounds))
  }
  const { calls, rangeRuns, configurations, statuses, otherCodes } = listed
  return {
    rows,
    offset,
    totalRuns: listed.rows.length,
    calls,
    rangeRuns,
    configurations,
    statuses,
    otherCodes,
  }
}

/** A run's refused calls as `/run-rows` lists them: arguments, turn, then the other codes. */
export function refusedOf(tallies: RunTallies, run: number): RunRowItem['refused'] {
  const refused: RunRowItem['refused'] = []
  const onArguments = tallies.refusedArguments[run] as number
  const onTurn = tallies.refusedTurn[run] as number
  if (onArguments > 0) refused.push({ code: 'arguments', calls: onArguments })
  if (onTurn > 0) refused.push({ code: 'turn', calls: onTurn })
  const others = tallies.otherCodes.get(run)
  if (others === undefined) return refused
  // By code, so the same counts give the same answer whichever order they were folded in.
  for (const code of Object.keys(others).sort(compareStrings)) {
    const calls = others[code] as number
    if (calls > 0) refused.push({ code, calls })
  }
  return refused
}

/** The furthest from the epoch a date reaches, in ms (ECMAScript's TimeClip). */
const MAX_DATE_MS = 8.64e15

/**
 * Epoch ms of epoch seconds as `/runs` writes them (`runTimes`: to the millisecond, toward zero)
 * and a client reads them back; NaN where no date can hold them. `new Date(ms).getTime()`,
 * without making a date for each of a year's runs.
 */
export const msOf = (seconds: number): number => {
  const ms = seconds * 1000
  return Math.abs(ms) <= MAX_DATE_MS ? Math.trunc(ms) + 0 : Number.NaN
}

function itemOf(
  tallies: RunTallies,
  run: number,
  fact: RunFacts,
  status: string,
  rounds: number,
): RunRowItem {
  return {
    ...countsOf(tallies, run, fact, status, rounds),
    ...runTimes(fact.started, fact.finished),
  }
}

function countsOf(
  tallies: RunTallies,
  run: number,
  fact: RunFacts,
  status: string,
  rounds: number,
): CountedRun {
  return {
    uuid: fact.uuid,
    status,
    configuration: fact.configuration,
    rounds,
    toolCalls: tallies.toolCalls[run] as number,
    failed: tallies.failed[run] as number,
    denied: tallies.denied[run] as number,
    refused: refusedOf(tallies, run),
  }
}
