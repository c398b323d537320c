import { describe, expect, it, vi } from 'vitest'
import { fireEvent, render, screen, within } from '@testing-library/react'
import {
  RouterProvider,
  createMemoryHistory,
  createRootRoute,
  createRouter,
} from '@tanstack/react-router'
import { useState } from 'react'
import { parseSearch, stringifySearch } from '@/app/search-params'
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
const catalogued = new Set(['update_page_metadata', 'get_page'])

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
        catalogued={catalogued}
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

/** The table of `byTool` in a router at `/tools?…`, the catalogue as given. */
function renderTable(byTool: Record<string, Record<string, number>>, names: Set<string> | null) {
  const summary = emptySummary()
  summary.byTool = byTool
  const rows = toolRows(summary)
  const Table = () => (
    <ToolTable
      rows={rows}
      totals={totalsRow(rows)}
      otherCodes={otherRefusalCodes(rows)}
      caption="Tool calls"
      writingTools={writingTools}
      catalogued={names}
      filters={{ ...filters, tz: 'Europe/Berlin', preset: '7d' }}
    />
  )
  const router = createRouter({
    routeTree: createRootRoute({ component: Table }),
    history: createMemoryHistory({ initialEntries: ['/tools?preset=7d&tz=Europe%2FBerlin'] }),
    // The app's own search format, which carries a lone surrogate.
    parseSearch,
    stringifySearch,
  })
  render(<RouterProvider router={router} />)
  return router
}

describe('ToolTable tool names', () => {
  it('links a catalogued tool to its schema on the checker, with the range and zone', async () => {
    const router = renderTable({ get_page: { succeeded: 7 } }, catalogued)
    const link = await screen.findByRole('link', { name: 'get_page' })
    expect(link).toHaveAccessibleDescription(
      "Opens the tool's schema and playground on the checker.",
    )
    const url = new URL(link.getAttribute('href') ?? '', 'http://x')
    expect(url.pathname).toBe('/checker')
    expect(Object.fromEntries(url.searchParams)).toEqual({
      preset: '7d',
      tz: 'Europe/Berlin',
      check: 'get_page',
    })
    // The count beside it still opens the runs.
    expect(screen.getByRole('link', { name: '7 calls of get_page: show the runs' })).toBeVisible()
    fireEvent.click(link)
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/checker'))
    expect(router.state.location.search).toMatchObject({ check: 'get_page', tz: 'Europe/Berlin' })
  })

  it('says so for a tool the catalogue lacks, and links nothing', async () => {
    renderTable({ gone_tool: { failed: 2 }, get_page: { succeeded: 1 } }, catalogued)
    const header = await screen.findByRole('rowheader', { name: /^gone_tool/ })
    expect(within(header).queryByRole('link')).toBeNull()
    expect(within(header).getByText('not in the catalogue')).toBeVisible()
    expect(within(header).getByText('gone_tool')).toHaveAttribute('title', 'gone_tool')
  })

  it('keeps names as text, unmarked, while the catalogue is not known', async () => {
    renderTable({ get_page: { succeeded: 1 } }, null)
    const header = await screen.findByRole('rowheader', { name: 'get_page' })
    expect(within(header).queryByRole('link')).toBeNull()
    expect(screen.queryByText('not in the catalogue')).toBeNull()
  })

  it('renders a hostile name as text in its link', async () => {
    const name = '<img src=x onerror=alert(1)>\uD800'
    const router = renderTable({ [name]: { succeeded: 1 } }, new Set([name]))
    const link = await screen.findByRole('link', { name })
    expect(link.textContent).toBe(name)
    expect(document.querySelector('img')).toBeNull()
    expect(link.getAttribute('href')).toContain('check=%7Eu16%7E')
    fireEvent.click(link)
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/checker'))
    expect(router.state.location.search).toMatchObject({ check: name })
  })
})
