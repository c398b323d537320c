import { useRef } from 'react'
import { describeApiError, type FoldedSummary, type useToolCatalogue } from '@/api'
import { ErrorState, LoadingState } from '@/components/ui/states'
import type { Filters } from '@/domain/filters'
import { starterArgs } from '@/domain/playground'
import type { ToolSummary } from '@/domain/summary'
import { CatalogueSection } from './catalogue-section'
import { Inspector } from './inspector'
import { useOpenAtInspector } from './use-open-at-inspector'
import { usePlayground } from './use-playground'
import './checker.css'

export interface CheckerProps {
  filters: Filters
  catalogue: ReturnType<typeof useToolCatalogue>
  summary: FoldedSummary<ToolSummary>
}

/** The checker: the tool catalogue with its calls, and one tool's schema and playground. */
export function Checker({ filters, catalogue, summary }: CheckerProps) {
  const tools = catalogue.data?.tools ?? null
  const playground = usePlayground(tools ? tools.map((t) => t.name) : null)
  const heading = useRef<HTMLHeadingElement>(null)
  useOpenAtInspector(heading, playground.openedWithCase && tools !== null && tools.length > 0)

  const inspect = (name: string) => {
    const parameters = tools?.find((t) => t.name === name)?.parameters
    playground.setState({
      ...playground.state,
      mode: 'call',
      tool: name,
      args: starterArgs(parameters),
      // A new case from the catalogue: the calls of an earlier turn must not stay in the link.
      calls: [],
    })
    heading.current?.focus()
  }

  return (
    <>
      <section aria-labelledby="catalogue-title">
        <h2 id="catalogue-title">Tool catalogue</h2>
        {tools && tools.length > 0 ? (
          <p>
            <a href="#inspector-title">Skip to the schema and playground</a>
          </p>
        ) : null}
        {catalogue.isError ? (
          <ErrorState
            title="The tool catalogue could not be read"
            message={describeApiError(catalogue.error)}
            onRetry={() => void catalogue.refetch()}
          />
        ) : null}
        {catalogue.isPending ? <LoadingState label="Reading the tool catalogue" /> : null}
        {tools ? (
          <CatalogueSection tools={tools} filters={filters} summary={summary} onInspect={inspect} />
        ) : null}
      </section>
      {tools && tools.length > 0 ? (
        <Inspector
          tools={tools}
          state={playground.state}
          onChange={playground.setState}
          ignored={playground.ignored}
          omitted={playground.omitted}
          headingRef={heading}
        />
      ) : null}
    </>
  )
}
