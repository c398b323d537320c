import { act, screen } from '@testing-library/react'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import type { FoldedSummary } from '@/api'
import type { LoadState } from '@/api/loading/load-all-runs'
import { emptySummary, type ToolSummary } from '@/domain/summary'
import { CatalogueSection } from './catalogue-section'
import { filters, renderAtChecker, tool } from './test-fixtures'

/** A loading state of `calls` succeeded calls and one refusal under a code of the installation's own. */
function loading(calls: number): FoldedSummary<ToolSummary> {
  const summary = emptySummary()
  summary.byTool[tool.name] = { succeeded: calls, 'refused:schema_drift': 1 }
  const state: LoadState<ToolSummary> = {
    status: 'loading',
    summary,
    loadedRuns: calls,
    totalRuns: 100,
    pages: 1,
    duplicates: 0,
    cursor: null,
    error: null,
    waitMs: null,
  }
  const noop = () => undefined
  return { state, live: state, cancel: noop, resume: noop, reload: noop }
}

describe('CatalogueSection', () => {
  it('keeps every cell, and focus, while pages bring the same refusal codes', async () => {
    let setSummary: (next: FoldedSummary<ToolSummary>) => void = () => undefined
    function Holder() {
      const [summary, set] = useState(() => loading(3))
      setSummary = set
      return (
        <CatalogueSection
          tools={[tool]}
          filters={filters}
          summary={summary}
          onInspect={() => undefined}
        />
      )
    }
    renderAtChecker(Holder)
    const button = await screen.findByRole('button', { name: 'Check update_page_metadata' })
    const source = screen.getByText('built-in')
    button.focus()
    act(() => setSummary(loading(7)))
    // The codes' column is still there, and the cells are the same elements, not new ones.
    expect(screen.getByRole('columnheader', { name: /Refused: schema_drift/ })).toBeVisible()
    expect(screen.getByRole('button', { name: 'Check update_page_metadata' })).toBe(button)
    expect(screen.getByText('built-in')).toBe(source)
    expect(button).toHaveFocus()
  })
})
