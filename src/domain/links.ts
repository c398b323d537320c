/** The searches of in-app links: a page's shared filters, and the runs behind a count. */
import { filtersToSearch, type Filters, type UrlSearch } from './filters'

/**
 * Outcome filters of the runs list: runs holding at least one counted call of that outcome
 * (`refused`: refused under any code).
 */
export const RUN_OUTCOME_FILTERS = [
  'refused',
  'refused-arguments',
  'refused-turn',
  'failed',
  'clean',
] as const
export type RunOutcomeFilter = (typeof RUN_OUTCOME_FILTERS)[number]

export interface RunsLinkExtra {
  /** One of the named outcomes, or `refused-<code>` for any other refusal code. */
  outcome?: RunOutcomeFilter | `refused-${string}`
  configuration?: string
  status?: string
}

/** The search of a link that keeps the shared filters (range, zone, tools). */
export function filterSearch(filters: Filters, tools?: readonly string[]): UrlSearch {
  return { ...filtersToSearch({ ...filters, tools: tools ? [...tools] : filters.tools }) }
}

/**
 * Where a count leads: the runs behind it, with the filters that reproduce it
 * (`/runs?…&tool=x&outcome=refused-arguments`).
 */
export function runsSearch(
  filters: Filters,
  tools: readonly string[] | undefined,
  extra: RunsLinkExtra = {},
): UrlSearch {
  const search = filterSearch(filters, tools)
  if (extra.outcome) search.outcome = extra.outcome
  if (extra.configuration) search.configuration = extra.configuration
  if (extra.status) search.status = extra.status
  return search
}

/**
 * The runs outcome behind one outcome of a chart (a bar segment): its named filter, or none for
 * succeeded calls (no filter selects them; the runs holding the tool's calls of the bucket are
 * shown). Refusals under other codes open the runs holding any refusal.
 */
export const SERIES_RUNS_OUTCOME: Readonly<
  Record<
    'succeeded' | 'failed' | 'refusedArguments' | 'refusedTurn' | 'refusedOther',
    RunOutcomeFilter | undefined
  >
> = {
  succeeded: undefined,
  failed: 'failed',
  refusedArguments: 'refused-arguments',
  refusedTurn: 'refused-turn',
  refusedOther: 'refused',
}

/**
 * The search of `/runs` behind one chart bucket: the shared filters cut to the bucket's days
 * (`first`..`last`, whole days as every page counts them), with the outcome's filter if any.
 */
export function bucketRunsSearch(
  filters: Filters,
  days: { first: string; last: string },
  outcome?: RunOutcomeFilter,
): UrlSearch {
  return runsSearch({ ...filters, from: days.first, to: days.last, preset: 'custom' }, undefined, {
    outcome,
  })
}
