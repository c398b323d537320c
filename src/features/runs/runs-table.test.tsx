import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { act, fireEvent, render, screen, within } from '@testing-library/react'
import {
  RouterProvider,
  createMemoryHistory,
  createRootRoute,
  createRouter,
} from '@tanstack/react-router'
import { useMemo, useState } from 'react'
import { sortRunRows, toggleSort, type RunRow, type RunSort } from '../../domain/runs'
import { RunsTable } from './runs-table'

const ROWS = 100_000
const START = Date.parse('2026-09-01T00:00:00Z')

/** 100,000 synthetic rows, one a minute, with counts that vary so sorting has work to do. */
const rows: RunRow[] = Array.from({ length: ROWS }, (_, i) => ({
  uuid: `run-${i}`,
  configuration: i % 3 === 0 ? 'page-editor' : 'translator',
  status: i % 17 === 0 ? 'running' : 'completed',
  startedMs: START + i * 60_000,
  rounds: 1 + (i % 7),
  toolCalls: (i * 7919) % 23,
  failed: i % 5 === 0 ? 1 : 0,
  refusedArguments: i % 11 === 0 ? 2 : 0,
  refusedTurn: 0,
  refusedOther: 0,
  otherCodes: null,
  durationMs: i % 17 === 0 ? null : (i % 1000) * 100,
}))

function Harness() {
  const [sort, setSort] = useState<RunSort>({ key: 'startedMs', desc: true })
  const sorted = useMemo(() => sortRunRows(rows, sort), [sort])
  return (
    <RunsTable
      rows={sorted}
      sort={sort}
      onSort={(key) => setSort((s) => toggleSort(s, key))}
      showOther={false}
      caption="Runs, synthetic"
      zone="UTC"
      linkSearch={{}}
    />
  )
}

const sizes = ['offsetHeight', 'offsetWidth'] as const
const saved = sizes.map((key) => Object.getOwnPropertyDescriptor(HTMLElement.prototype, key))
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'offsetHeight', {
    configurable: true,
    get: () => 740,
  })
  Object.defineProperty(HTMLElement.prototype, 'offsetWidth', {
    configurable: true,
    get: () => 1200,
  })
})
afterAll(() => {
  sizes.forEach((key, i) => {
    const descriptor = saved[i]
    if (descriptor) Object.defineProperty(HTMLElement.prototype, key, descriptor)
  })
})

const renderedIndexes = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .map((r) => Number(r.getAttribute('aria-rowindex')))
    .filter((n) => n > 1)

describe('RunsTable over 100,000 rows', () => {
  it('keeps only the rows in view in the DOM, scrolls to any row and sorts all of them', async () => {
    const router = createRouter({
      routeTree: createRootRoute({ component: Harness }),
      history: createMemoryHistory({ initialEntries: ['/'] }),
    })
    let t = performance.now()
    render(<RouterProvider router={router} />)
    const table = await screen.findByRole('table')
    console.info(
      `[runs-table] first render of ${ROWS} rows: ${Math.round(performance.now() - t)} ms`,
    )
    expect(table).toHaveAttribute('aria-rowcount', String(ROWS + 1))
    const first = renderedIndexes()
    expect(first[0]).toBe(2)
    expect(first.length).toBeLessThan(60)
    // Newest first: the last synthetic run heads the list.
    expect(within(table).getAllByRole('link')[0]).toHaveAttribute('title', 'Run run-99999')

    const scroller = screen.getByRole('region', { name: 'Runs list' })
    t = performance.now()
    Object.defineProperty(scroller, 'scrollTop', { configurable: true, value: 37 * 60_000 })
    act(() => {
      fireEvent.scroll(scroller)
    })
    const middle = renderedIndexes()
    console.info(`[runs-table] scroll to row 60,000: ${Math.round(performance.now() - t)} ms`)
    expect(middle.length).toBeLessThan(60)
    expect(Math.min(...middle)).toBeLessThanOrEqual(60_002)
    expect(Math.max(...middle)).toBeGreaterThan(60_002)

    t = performance.now()
    const header = screen.getByRole('columnheader', { name: /Tool calls/ })
    act(() => {
      fireEvent.click(within(header).getByRole('button'))
    })
    console.info(
      `[runs-table] sort ${ROWS} rows by tool calls: ${Math.round(performance.now() - t)} ms`,
    )
    expect(header).toHaveAttribute('aria-sort', 'descending')
  })
})
