import { useNavigate, useSearch } from '@tanstack/react-router'
import { useCallback, useMemo } from 'react'
import { FilterBar, toolOptions } from '@/components/filters'
import type { Filters } from '@/domain/filters'
import { rawValue } from '@/domain/filters/read-param'
import {
  outcomeParam,
  parseRunSort,
  runSortParams,
  type RunListFilters,
  type RunSort,
} from '@/domain/runs'
import {
  GoToRun,
  PAGE_PARAM,
  RunsList,
  ServedRunsList,
  useRunsSource,
  withPage,
} from '@/features/runs'
import { formatInstant } from '@/domain/time'
import { useDeferredMount } from '@/components/ui/use-deferred-mount'
import { RunsPerInstallation, useShownInstallation } from '@/features/installation'
import { InstallationStates } from '../installation-states'
import { useDashboardFilters } from '../use-dashboard-filters'
import { PAGE_INTROS } from '../shell'
import { PageSection } from '../page-section'

const describeInstant = (ms: number, zone: string) =>
  Number.isFinite(ms)
    ? formatInstant(ms, zone).slice(0, 16).replace('T', ' ')
    : 'the edge of the range'

// A new filter or order starts the list again at its first page.
const LIST_KEYS = ['outcome', 'configuration', 'status', PAGE_PARAM] as const
const SORT_KEYS = ['sort', 'dir', PAGE_PARAM]

const without = (search: Record<string, unknown>, keys: readonly string[]) =>
  Object.fromEntries(Object.entries(search).filter(([key]) => !keys.includes(key)))

/**
 * `/runs`: the runs behind the counts, for the shared filters plus outcome/configuration/status.
 * Where the installation offers `GET /run-list` and the range falls on its quarter-hour grain,
 * it sorts, filters and pages the list (one page at a time); otherwise every run of the range is
 * loaded and folded here.
 */
export function RunsPage() {
  const shown = useShownInstallation()
  if (shown !== null && shown.list !== null && shown.name === undefined) {
    return (
      <PageSection intro={PAGE_INTROS['/runs']} zone={null}>
        <RunsPerInstallation list={shown.list} />
      </PageSection>
    )
  }
  return <RunsOfOneInstallation />
}

function RunsOfOneInstallation() {
  const raw = useSearch({ strict: false }) as Record<string, string | string[]>
  const navigate = useNavigate()
  const { meta, catalogue, filters, ignored, dataEnd, setFilters, browserZone, zone } =
    useDashboardFilters()
  const sorting = useMemo(() => parseRunSort(raw), [raw])
  const {
    served,
    query,
    facets,
    runs,
    list,
    page,
    ignored: listIgnored,
  } = useRunsSource(raw, filters, sorting.sort, browserZone)

  const options = useMemo(() => toolOptions(catalogue.data?.tools ?? [], null), [catalogue.data])
  const setListFilters = useCallback(
    (next: RunListFilters) => {
      void navigate({
        to: '.',
        search: (prev: Record<string, unknown>) => {
          return {
            ...without(prev, LIST_KEYS),
            ...(next.outcome ? { outcome: outcomeParam(next.outcome) } : {}),
            ...(next.configuration !== null ? { configuration: next.configuration } : {}),
            ...(next.status !== null ? { status: next.status } : {}),
          }
        },
      })
    },
    [navigate],
  )
  // A new order replaces the entry (Back leaves the list, not the last sort) and keeps the scroll.
  const setSort = useCallback(
    (next: RunSort) => {
      void navigate({
        to: '.',
        replace: true,
        resetScroll: false,
        search: (prev: Record<string, unknown>) => ({
          ...without(prev, SORT_KEYS),
          ...runSortParams(next),
        }),
      })
    },
    [navigate],
  )
  // Each page is an entry of its own: Back from page 3 shows page 2. The scroll stays, so the
  // pager stays under the pointer; the table itself starts the new page at its top.
  const setPage = useCallback(
    (page: number) => {
      void navigate({
        to: '.',
        resetScroll: false,
        search: (prev: Record<string, string | string[] | undefined>) => withPage(prev, page),
      })
    },
    [navigate],
  )
  // Other days or tools are another list: it starts at its first page (the shared filters'
  // own writer keeps every other parameter, so the page is dropped in the same entry after it).
  const hasPage = rawValue(raw, PAGE_PARAM) !== undefined
  const setSharedFilters = useCallback(
    (change: Partial<Filters>) => {
      setFilters(change)
      if (!hasPage) return
      void navigate({
        to: '.',
        replace: true,
        resetScroll: false,
        search: (prev: Record<string, string | string[] | undefined>) => withPage(prev, 1),
      })
    },
    [setFilters, navigate, hasPage],
  )

  // The filter bar and the report mount in a transition, in slices (no long task).
  const mounted = useDeferredMount(filters !== null && meta.data !== undefined)

  return (
    <PageSection intro={PAGE_INTROS['/runs']} zone={zone}>
      <InstallationStates meta={meta} catalogue={catalogue} />
      <GoToRun linkSearch={raw} />
      {mounted && filters && meta.data ? (
        <>
          <FilterBar
            filters={filters}
            onChange={setSharedFilters}
            tools={options}
            ignored={[...ignored, ...listIgnored, ...sorting.ignored]}
            dataEnd={dataEnd}
            browserZone={browserZone}
          />
          {list.within ? (
            <p className="state" role="status">
              Counting only calls from {describeInstant(list.within.startMs, filters.tz)} to{' '}
              {describeInstant(list.within.endMs, filters.tz)} (a window of the overview).{' '}
              <button
                type="button"
                onClick={() =>
                  void navigate({
                    to: '.',
                    search: (prev: Record<string, string | string[] | undefined>) => ({
                      ...prev,
                      after: undefined,
                      before: undefined,
                      [PAGE_PARAM]: undefined,
                    }),
                  })
                }
              >
                Count whole days
              </button>
            </p>
          ) : null}
          {served.mode !== 'fold' && query ? (
            <ServedRunsList
              served={served}
              query={query}
              facets={facets}
              noRunsEver={meta.data.latestAt === null}
              filters={filters}
              listFilters={list.filters}
              onListFiltersChange={setListFilters}
              linkSearch={raw}
              sort={sorting.sort}
              onSortChange={setSort}
              page={page}
              onPageChange={setPage}
            />
          ) : (
            <RunsList
              noRunsEver={meta.data.latestAt === null}
              filters={filters}
              listFilters={list.filters}
              onListFiltersChange={setListFilters}
              linkSearch={raw}
              sort={sorting.sort}
              onSortChange={setSort}
              runs={runs}
            />
          )}
        </>
      ) : null}
    </PageSection>
  )
}
