import { filtersToSearch, type Filters } from '../domain/filters'

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

export type SearchRecord = Record<string, string | string[]>

/** The search of a link that keeps the shared filters (range, zone, tools). */
export function filterSearch(filters: Filters, tools?: readonly string[]): SearchRecord {
  const search: SearchRecord = {
    ...filtersToSearch({ ...filters, tools: tools ? [...tools] : filters.tools }),
  }
  return search
}

/**
 * Where a count leads: the runs behind it, with the filters that reproduce it
 * (`/runs?…&tool=x&outcome=refused-arguments`).
 */
export function runsSearch(
  filters: Filters,
  tools: readonly string[] | undefined,
  extra: RunsLinkExtra = {},
): SearchRecord {
  const search = filterSearch(filters, tools)
  if (extra.outcome) search.outcome = extra.outcome
  if (extra.configuration) search.configuration = extra.configuration
  if (extra.status) search.status = extra.status
  return search
}
