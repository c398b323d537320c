import { useNavigate, useSearch } from '@tanstack/react-router'
import { useCallback, useMemo } from 'react'
import { FilterBar, toolOptions } from '@/components/filters'
import {
  outcomeParam,
  parseRunListFilters,
  parseRunSort,
  runSortParams,
  type RunListFilters,
  type RunSort,
} from '@/domain/runs'
import { GoToRun, RunsList, useRunsList } from '@/features/runs'
import { formatInstant } from '@/domain/time'
import { useDeferredMount } from '@/components/ui/use-deferred-mount'
import { InstallationStates } from '../installation-states'
import { useDashboardFilters } from '../use-dashboard-filters'
import { PAGE_INTROS } from '../shell'
import { PageSection } from '../page-section'

const describeInstant = (ms: number, zone: string) =>
  Number.isFinite(ms)
    ? formatInstant(ms, zone).slice(0, 16).replace('T', ' ')
    : 'the edge of the range'

const LIST_KEYS = ['outcome', 'configuration', 'status'] as const
const SORT_KEYS = ['sort', 'dir']

const without = (search: Record<string, unknown>, keys: readonly string[]) =>
  Object.fromEntries(Object.entries(search).filter(([key]) => !keys.includes(key)))

/** `/runs`: the runs behind the counts, for the shared filters plus outcome/configuration/status. */
export function RunsPage() {
  const raw = useSearch({ strict: false }) as Record<string, string | string[]>
  const navigate = useNavigate()
  const { meta, catalogue, filters, ignored, dataEnd, setFilters, browserZone, zone } =
    useDashboardFilters()
  const sorting = useMemo(() => parseRunSort(raw), [raw])
  const within = useMemo(() => parseRunListFilters(raw).within, [raw])
  const runs = useRunsList(filters, within)
  // Once every run is loaded, a status no run has and the contract does not name is a typo.
  const loaded = runs.state?.status === 'done' ? runs.state.summary.rows : null
  const seenStatuses = useMemo(
    () => (loaded === null ? null : new Set(loaded.map((row) => row.status))),
    [loaded],
  )
  const list = useMemo(() => parseRunListFilters(raw, seenStatuses), [raw, seenStatuses])
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
            onChange={setFilters}
            tools={options}
            ignored={[...ignored, ...list.ignored, ...sorting.ignored]}
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
                    }),
                  })
                }
              >
                Count whole days
              </button>
            </p>
          ) : null}
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
        </>
      ) : null}
    </PageSection>
  )
}
