import { useNavigate, useSearch } from '@tanstack/react-router'
import { useCallback, useEffect, useMemo } from 'react'
import { useToolSummary } from '@/api'
import { preloadToolBarsChart } from '@/components/charts'
import { FilterBar, toolOptions } from '@/components/filters'
import type { Tool } from '@/domain/contract'
import { SORT_PARAM_KEYS } from '@/domain/filters'
import { parseToolSort, toolSortParams, type ToolSort } from '@/domain/summary'
import { InstallationBreakdown, ToolReport } from '@/features/tool-report'
import { useShownInstallation } from '@/features/installation'
import { useDeferredMount } from '@/components/ui/use-deferred-mount'
import { InstallationStates } from '../installation-states'
import { useDashboardFilters } from '../use-dashboard-filters'
import { PAGE_INTROS } from '../shell'
import { PageSection } from '../page-section'

/** One empty catalogue, so the report's memoised parts do not redraw for a new `[]`. */
const NO_TOOLS: readonly Tool[] = []

/** `/tools`: the tool report for the filters in the URL. */
export function ToolsPage() {
  const { meta, catalogue, filters, ignored, dataEnd, setFilters, browserZone, zone, rangeCounts } =
    useDashboardFilters()
  const summary = useToolSummary(filters)
  const scope = useShownInstallation()
  // On a server over many, all of them together: each one's own row below the report.
  const breakdown = scope && scope.name === undefined ? scope.list : null
  // The chart's code loads while the installation's data is asked for, not after the figures
  // (a server busy counting a year answers nothing else meanwhile).
  useEffect(preloadToolBarsChart, [])
  const raw = useSearch({ strict: false }) as Record<string, unknown>
  const navigate = useNavigate()
  const sorting = useMemo(() => parseToolSort(raw), [raw])
  // The runs list's behaviour: the order lives in the URL, a new one replaces the entry.
  const setSort = useCallback(
    (next: ToolSort) => {
      void navigate({
        to: '.',
        replace: true,
        resetScroll: false,
        search: (prev: Record<string, unknown>) => ({
          ...Object.fromEntries(
            Object.entries(prev).filter(
              ([key]) => !(SORT_PARAM_KEYS as readonly string[]).includes(key),
            ),
          ),
          ...toolSortParams(next),
        }),
      })
    },
    [navigate],
  )
  // Counts for the picker: the range's calls of every tool, whatever is selected.
  const counts =
    rangeCounts ?? (filters && filters.tools.length === 0 ? summary.state?.summary.byTool : null)
  const options = useMemo(
    () => toolOptions(catalogue.data?.tools ?? [], counts),
    [catalogue.data, counts],
  )

  // The filter bar and the report mount in a transition, in slices (no long task).
  const mounted = useDeferredMount(filters !== null && meta.data !== undefined)

  return (
    <PageSection intro={PAGE_INTROS['/tools']} zone={zone}>
      <InstallationStates
        meta={meta}
        catalogue={catalogue}
        builtinNeed="Built-in tools appear only as their recorded calls, without their group, effect or schema."
      />
      {mounted && filters && meta.data ? (
        <>
          <FilterBar
            filters={filters}
            onChange={setFilters}
            tools={options}
            ignored={[...ignored, ...sorting.ignored]}
            dataEnd={dataEnd}
            browserZone={browserZone}
          />
          <ToolReport
            filters={filters}
            meta={meta.data}
            catalogue={catalogue.data?.tools ?? NO_TOOLS}
            summary={summary}
            sort={sorting.sort}
            onSortChange={setSort}
            onFiltersChange={setFilters}
          />
          {breakdown ? <InstallationBreakdown list={breakdown} filters={filters} /> : null}
        </>
      ) : null}
    </PageSection>
  )
}
