/**
 * The searches of in-app links: a page's shared filters, the runs behind a count, a tool's schema
 * on the checker; and the run a pasted id or link names.
 */
import { fromUrlText } from './code-units'
import { filtersToSearch, sharedFilterSearch, type Filters, type UrlSearch } from './filters'
import { playgroundToSearch } from './playground'

/**
 * Outcome filters of the runs list: runs holding at least one counted call of that outcome
 * (`refused`: refused under any code).
 */
export const RUN_OUTCOME_FILTERS = [
  'refused',
  'refused-arguments',
  'refused-turn',
  'failed',
  'denied',
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
    'succeeded' | 'failed' | 'denied' | 'refusedArguments' | 'refusedTurn' | 'refusedOther',
    RunOutcomeFilter | undefined
  >
> = {
  succeeded: undefined,
  failed: 'failed',
  denied: 'denied',
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

/**
 * The search of `/checker` that opens `tool`'s schema and playground (the playground's own `check`
 * key, with the starter arguments of the schema), keeping the shared filters of `shared` (range,
 * zone, tools: pass `filterSearch(filters)` or a page's own search) and nothing else of it. Any
 * name travels, a lone surrogate included (the router writes it as `toUrlText` does).
 */
export function checkerSearch(
  shared: Readonly<Record<string, string | string[] | undefined>>,
  tool: string,
): UrlSearch {
  const { search } = playgroundToSearch({ mode: 'call', tool, args: null, calls: [] })
  return { ...sharedFilterSearch(shared), ...search }
}

/** A run page's path in a pasted link, relative or absolute (under any base path). */
const RUN_PATH = /\/runs\/([^/?#]+)\/?$/

/** What a person pasted or typed into "Go to run". */
export type RunInput =
  | { kind: 'run'; uuid: string }
  | { kind: 'empty' }
  /** A link to a page that is not a run's (another site, another page of the dashboard). */
  | { kind: 'not-a-run-link' }

/**
 * The run id in what a person pasted or typed: the id itself, or a link to a run's page
 * (`https://…/runs/<id>?…`, `/runs/<id>`) with its id decoded as the address bar wrote it.
 * White space around it is dropped; empty or blank input is `empty`; a link (any `scheme://`, or
 * a path from `/`) whose path does not end in `/runs/<id>` is `not-a-run-link`. Any other text is
 * taken as an id, as it is.
 */
export function runIdOf(input: string): RunInput {
  const text = input.trim()
  if (text === '') return { kind: 'empty' }
  const isLink = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) || text.startsWith('/')
  if (!isLink) return { kind: 'run', uuid: text }
  let path: string
  try {
    path = new URL(text, 'http://localhost').pathname
  } catch {
    return { kind: 'not-a-run-link' }
  }
  const segment = RUN_PATH.exec(path)?.[1]
  if (segment === undefined) return { kind: 'not-a-run-link' }
  try {
    return { kind: 'run', uuid: fromUrlText(decodeURIComponent(segment)) }
  } catch {
    // Not percent-encoding a browser wrote (a lone `%`): the segment as it stands.
    return { kind: 'run', uuid: fromUrlText(segment) }
  }
}
