import { useNavigate, useSearch } from '@tanstack/react-router'
import { useCallback, useMemo } from 'react'
import { FilterBar, toolOptions } from '@/components/filters'
import { parseEffectParams } from '@/domain/effect'
import { Overview, type EffectParamsChange } from '@/features/overview'
import { useDeferredMount } from '@/components/ui/use-deferred-mount'
import { InstallationStates } from '../installation-states'
import { useDashboardFilters } from '../use-dashboard-filters'
import { PAGE_INTROS } from '../shell'
import { PageSection } from '../page-section'

/** `/`: the effect of the argument check (ADR 246) before and after its decision date. */
export function OverviewPage() {
  const { meta, catalogue, filters, ignored, dataEnd, setFilters, browserZone, zone } =
    useDashboardFilters()
  const raw = useSearch({ strict: false }) as Record<string, unknown>
  const navigate = useNavigate()
  const params = useMemo(() => parseEffectParams(raw, zone), [raw, zone])
  const rangeInLink = ['from', 'to', 'preset'].some((key) => raw[key] !== undefined)
  const onParamsChange = useCallback(
    (change: EffectParamsChange) => {
      void navigate({
        to: '.',
        search: (prev: Record<string, string | string[] | undefined>) => {
          const next = { ...prev }
          if (change.since !== undefined) next.since = change.since ?? undefined
          if (change.window !== undefined) next.window = String(change.window)
          if (change.range) {
            next.preset = 'custom'
            next.from = change.range.from
            next.to = change.range.to
          }
          return next
        },
      })
    },
    [navigate],
  )
  const options = useMemo(() => toolOptions(catalogue.data?.tools ?? [], null), [catalogue.data])
  const tools = catalogue.data?.tools ?? (catalogue.isError ? [] : null)

  // The filter bar and the report mount in a transition, in slices (no long task).
  const mounted = useDeferredMount(filters !== null && meta.data !== undefined)

  return (
    <PageSection intro={PAGE_INTROS['/']} zone={zone}>
      <InstallationStates
        meta={meta}
        catalogue={catalogue}
        catalogueNeed="Savings need its approval and input flags."
        builtinNeed="What the check saved cannot count the built-in tools' approval cards and questions: their refused calls are counted apart, as calls of tools the catalogue does not list."
      />
      {mounted && filters && meta.data ? (
        <Overview
          filters={filters}
          meta={meta.data}
          catalogue={tools}
          params={params}
          onParamsChange={onParamsChange}
          onFiltersChange={setFilters}
          rangeInLink={rangeInLink}
          filterBar={
            <FilterBar
              filters={filters}
              onChange={setFilters}
              tools={options}
              ignored={[...ignored, ...params.ignored]}
              dataEnd={dataEnd}
              browserZone={browserZone}
            />
          }
        />
      ) : null}
    </PageSection>
  )
}
