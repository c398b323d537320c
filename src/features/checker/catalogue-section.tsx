import { useCallback, useId, useMemo, useState } from 'react'
import type { FoldedSummary } from '@/api'
import { EmptyState } from '@/components/ui/states'
import { UnreadableNotice } from '@/components/ui/unreadable-notice'
import type { Tool } from '@/domain/contract'
import type { Filters } from '@/domain/filters'
import type { ToolSummary } from '@/domain/summary'
import { catalogueRows, matchesQuery, otherCodesOf, type CatalogueRow } from './catalogue-rows'
import { CatalogueTable } from './catalogue-table'
import { CountsStatus } from './counts-status'
import { ASSUMED_MEANING } from './effect-words'
import { countOf, formatCount } from '@/components/ui/format-count'
import { sameItems, useStable } from '@/components/ui/use-stable'

export interface CatalogueSectionProps {
  tools: readonly Tool[]
  filters: Filters
  summary: FoldedSummary<ToolSummary>
  onInspect: (tool: string) => void
}

/** The tool catalogue with each tool's calls and refusals in the filters; searchable, sortable. */
export function CatalogueSection({ tools, filters, summary, onInspect }: CatalogueSectionProps) {
  const [query, setQuery] = useState('')
  const searchId = useId()
  const state = summary.state
  const unreadable = state?.summary.unreadableToolSteps ?? 0
  const complete = state?.status === 'done' && unreadable === 0
  const rows = useMemo(
    () => catalogueRows(tools, state ? state.summary : null, filters.tools),
    [tools, state, filters.tools],
  )
  const shown = useMemo(() => rows.filter((row) => matchesQuery(row, query)), [rows, query])
  // The same codes keep the same array: the table's columns (and so every cell) depend on it.
  const otherCodes = useStable(
    useMemo(() => otherCodesOf(rows), [rows]),
    sameItems,
  )
  const selected = filters.tools.length > 0
  const uncounted = useCallback(
    (row: CatalogueRow) =>
      state === null
        ? 'not loaded yet'
        : selected && !filters.tools.includes(row.tool.name)
          ? 'not counted: outside the selected tools'
          : 'not counted',
    [state, selected, filters.tools],
  )
  const range = `${filters.from} to ${filters.to} (${filters.tz})`

  if (tools.length === 0) {
    return (
      <EmptyState title="The catalogue offers no tools">
        The tools this installation offers to models would appear here, with their source, effect,
        parameters and calls. None is offered now.
      </EmptyState>
    )
  }
  const notOffered = tools.filter((tool) => tool.offered === false).length
  const assumed = tools.some((tool) => tool.effectAssumed === true)
  return (
    <>
      <CountsStatus summary={summary} />
      <UnreadableNotice count={unreadable} />
      {notOffered > 0 ? (
        <p className="muted">
          {countOf(notOffered, 'tool is', 'tools are')} listed but not offered to the agents now
          (marked “not offered”): known to the installation, and maybe called before, but switched
          off, orphaned, or on an MCP server that is disabled, deleted or has no data class.
        </p>
      ) : null}
      {assumed ? (
        <p className="muted">
          Effects marked “assumed” are the CMS’s safe default, not what the tool declares.{' '}
          {ASSUMED_MEANING}
        </p>
      ) : null}
      <div className="checker-search">
        <label htmlFor={searchId}>Search tools</label>
        <input
          id={searchId}
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder="name, server, group or parameter"
        />
        <span className="muted" role="status">
          {shown.length === rows.length
            ? countOf(rows.length, 'tool', 'tools')
            : `${formatCount(shown.length)} of ${countOf(rows.length, 'tool', 'tools')} ${shown.length === 1 ? 'matches' : 'match'}`}
        </span>
      </div>
      {shown.length === 0 ? (
        <EmptyState title={`No tool matches “${query.trim()}”`}>
          Tools whose name, MCP server, group or parameters contain the search would appear here.{' '}
          <button type="button" onClick={() => setQuery('')}>
            Clear search
          </button>
        </EmptyState>
      ) : (
        <CatalogueTable
          rows={shown}
          filters={filters}
          otherCodes={otherCodes}
          uncounted={uncounted}
          onInspect={onInspect}
          caption={`Tool catalogue with calls ${range}${complete ? '' : ' — calls incomplete'}${selected ? '; calls counted for the selected tools only' : ''}`}
        />
      )}
    </>
  )
}
