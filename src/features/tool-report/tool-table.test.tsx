import { describe, expect, it } from 'vitest'
import { fireEvent, render, screen } from '@testing-library/react'
import {
  RouterProvider,
  createMemoryHistory,
  createRootRoute,
  createRouter,
} from '@tanstack/react-router'
import { useState } from 'react'
import type { Filters } from '@/domain/filters'
import { emptySummary, otherRefusalCodes, toolRows, totalsRow } from '@/domain/summary'
import { ToolTable } from './tool-table'

const filters: Filters = {
  from: '2026-11-01',
  to: '2026-11-28',
  tz: 'UTC',
  tools: [],
  preset: 'custom',
}

/** The rows of a summary in which `update_page_metadata` has `failed` failures. */
function rowsWith(failed: number) {
  const summary = emptySummary()
  summary.byTool = {
    update_page_metadata: { succeeded: 40, failed, 'refused:arguments': 3, 'refused:quota': 1 },
    get_page: { succeeded: 7 },
  }
  return toolRows(summary)
}

// Stable across renders, as the report memoises them.
const writingTools = new Set(['update_page_metadata'])

/** What the report does on every loading update: new rows, and a new (equal) list of codes. */
function Harness() {
  const [failed, setFailed] = useState(2)
  const rows = rowsWith(failed)
  return (
    <>
      <button type="button" onClick={() => setFailed(5)}>
        Three more failures
      </button>
      <ToolTable
        rows={rows}
        totals={totalsRow(rows)}
        otherCodes={otherRefusalCodes(rows)}
        caption="Tool calls"
        writingTools={writingTools}
        filters={filters}
      />
    </>
  )
}

describe('ToolTable while counts grow', () => {
  it('updates the counts in place: the cells are not mounted again', async () => {
    const router = createRouter({
      routeTree: createRootRoute({ component: Harness }),
      history: createMemoryHistory({ initialEntries: ['/'] }),
    })
    render(<RouterProvider router={router} />)
    const before = await screen.findByRole('link', {
      name: '2 failed calls of update_page_metadata: show the runs',
    })
    const quota = screen.getByRole('link', {
      name: '1 calls refused: quota of update_page_metadata: show the runs',
    })
    fireEvent.click(screen.getByRole('button', { name: 'Three more failures' }))
    const after = screen.getByRole('link', {
      name: '5 failed calls of update_page_metadata: show the runs',
    })
    expect(after).toBe(before)
    expect(after.textContent).toBe('5')
    expect(
      screen.getByRole('link', {
        name: '1 calls refused: quota of update_page_metadata: show the runs',
      }),
    ).toBe(quota)
  })
})
