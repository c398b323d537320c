import { useMemo } from 'react'
import { useToolSummary } from '@/api'
import { FilterBar, type ToolOption } from '@/components/filters'
import { isWritingTool } from '@/domain/contract'
import { Checker } from '@/features/checker'
import { useDeferredMount } from '@/components/ui/use-deferred-mount'
import { InstallationStates } from '../installation-states'
import { useDashboardFilters } from '../use-dashboard-filters'
import { PAGE_INTROS } from '../shell'
import { PageSection } from '../page-section'

/** `/checker`: the tool catalogue with its calls, each tool's schema, and the check's playground. */
export function CheckerPage() {
  const { meta, catalogue, filters, ignored, dataEnd, setFilters, browserZone } =
    useDashboardFilters()
  const summary = useToolSummary(filters)
  const counts = summary.state?.summary.byTool
  const options = useMemo(
    (): ToolOption[] =>
      (catalogue.data?.tools ?? []).map((t) => {
        const outcomes = counts?.[t.name]
        const total = outcomes ? Object.values(outcomes).reduce((a, b) => a + b, 0) : 0
        return {
          name: t.name,
          source: t.source,
          server: t.server,
          writing: isWritingTool(t),
          calls: counts && filters && filters.tools.length === 0 ? total : null,
        }
      }),
    [catalogue.data, counts, filters],
  )

  // The filter bar and the checker mount in a transition, in slices (no long task), as on the
  // other pages (decision 0011).
  const mounted = useDeferredMount(filters !== null && meta.data !== undefined)

  return (
    <PageSection intro={PAGE_INTROS['/checker']} zone={null}>
      <InstallationStates
        meta={meta}
        catalogue={catalogue}
        catalogueErrors={false}
        builtinNeed="The checker cannot show the built-in tools' schemas or check their calls: it answers a call of one as of a tool that is not offered."
      />
      {mounted && filters && meta.data ? (
        <>
          <FilterBar
            filters={filters}
            onChange={setFilters}
            tools={options}
            ignored={ignored}
            dataEnd={dataEnd}
            browserZone={browserZone}
          />
          <Checker filters={filters} catalogue={catalogue} summary={summary} />
        </>
      ) : null}
    </PageSection>
  )
}
