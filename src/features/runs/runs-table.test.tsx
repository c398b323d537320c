import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import {
  RouterProvider,
  createMemoryHistory,
  createRootRoute,
  createRouter,
} from '@tanstack/react-router'
import { useMemo, useState } from 'react'
import { sortRunRows, toggleSort, type RunRow, type RunSort } from '@/domain/runs'
import { RunsTable } from './runs-table'
import type { ReturnTarget } from './run-return'

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
  denied: i % 13 === 0 ? 1 : 0,
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
afterAll(async () => {
  sizes.forEach((key, i) => {
    const descriptor = saved[i]
    if (descriptor) Object.defineProperty(HTMLElement.prototype, key, descriptor)
  })
  // Without `scrollend` (jsdom) TanStack Virtual ends a scroll by a 150 ms timer that unmounting
  // does not clear; let it fire before the environment is torn down (it once ran after and threw
  // "window is not defined", failing the run).
  await new Promise((resolve) => setTimeout(resolve, 300))
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

/** The newest-first list of `rows`, asked to come back to `focusRun`. */
function ReturnHarness({ focusRun }: { focusRun: ReturnTarget }) {
  const [target, setTarget] = useState<ReturnTarget | null>(focusRun)
  const sorted = useMemo(() => sortRunRows(rows, { key: 'startedMs', desc: true }), [])
  return (
    <RunsTable
      rows={sorted}
      sort={{ key: 'startedMs', desc: true }}
      onSort={() => {}}
      showOther={false}
      caption="Runs, synthetic"
      zone="UTC"
      linkSearch={{}}
      focusRun={target}
      onFocusRestored={() => setTarget(null)}
    />
  )
}

describe('RunsTable coming back from a run', () => {
  // jsdom does not scroll: keep each element's offset, and fire `scroll` as a browser would.
  const offsets = new WeakMap<Element, number>()
  const savedScrollTop = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollTop')
  beforeEach(() => {
    Object.defineProperty(HTMLElement.prototype, 'scrollTop', {
      configurable: true,
      get(this: HTMLElement) {
        return offsets.get(this) ?? 0
      },
      set(this: HTMLElement, value: number) {
        offsets.set(this, value)
        setTimeout(() => this.dispatchEvent(new Event('scroll')))
      },
    })
  })
  afterEach(() => {
    Reflect.deleteProperty(HTMLElement.prototype, 'scrollTop')
    if (savedScrollTop) Object.defineProperty(Element.prototype, 'scrollTop', savedScrollTop)
  })

  const renderReturning = (focusRun: ReturnTarget) => {
    const router = createRouter({
      routeTree: createRootRoute({ component: () => <ReturnHarness focusRun={focusRun} /> }),
      history: createMemoryHistory({ initialEntries: ['/'] }),
    })
    render(<RouterProvider router={router} />)
  }
  // Newest first: run-i is at index ROWS - 1 - i.
  const link = (i: number) => within(screen.getByRole('table')).queryByTitle(`Run run-${i}`)

  it('scrolls a row deep in the list into view and focuses its link', async () => {
    renderReturning({ uuid: 'run-40000', scroll: null })
    const scroller = await screen.findByRole('region', { name: 'Runs list' })
    await waitFor(() => expect(link(40_000)).toHaveFocus())
    // About the row's offset (59,999 rows of 37 px above it), less half the box.
    expect(Math.abs(scroller.scrollTop - 59_999 * 37)).toBeLessThan(740)
    expect(link(99_999)).toBeNull()
  })

  it('goes back to the offset the list had when the run was opened', async () => {
    renderReturning({ uuid: 'run-99000', scroll: { box: 998 * 37, page: 0 } })
    const scroller = await screen.findByRole('region', { name: 'Runs list' })
    await waitFor(() => expect(link(99_000)).toHaveFocus())
    expect(scroller.scrollTop).toBe(998 * 37)
  })
})

describe('RunsTable text that may not fit', () => {
  it('gives shortened headers their full wording and cut-off cells their full value', async () => {
    const [first] = rows
    if (!first) throw new Error('no synthetic rows')
    const long: RunRow = {
      ...first,
      uuid: 'long',
      configuration: 'a-configuration-name-far-too-long-for-its-column',
      status: 'waiting_for_approval',
      toolCalls: 12_345_678,
      refusedOther: 2,
      otherCodes: { budget: 2 },
      durationMs: 16 * 60_000 + 44_000,
    }
    const router = createRouter({
      routeTree: createRootRoute({
        component: () => (
          <RunsTable
            rows={[long]}
            sort={{ key: 'startedMs', desc: true }}
            onSort={() => {}}
            showOther
            toolsSelected
            caption="Runs, one"
            zone="UTC"
            linkSearch={{}}
          />
        ),
      }),
      history: createMemoryHistory({ initialEntries: ['/'] }),
    })
    render(<RouterProvider router={router} />)
    const table = await screen.findByRole('table')
    const other = within(table).getByRole('columnheader', { name: 'Refused: other codes' })
    expect(within(other).getByRole('button')).toHaveAttribute('title', 'Refused: other codes')
    expect(other).toHaveTextContent(/^Refused: other$/)
    // With tools selected, the calls column says it counts only theirs.
    const calls = within(table).getByRole('columnheader', {
      name: 'Tool calls of the selected tools only',
    })
    expect(calls).toHaveTextContent(/^Tool calls\*$/)
    // Headers that fit in two lines keep their words as name, and need no tooltip.
    const args = within(table).getByRole('columnheader', { name: 'Refused: arguments' })
    expect(within(args).getByRole('button')).not.toHaveAttribute('title')
    expect(within(table).getByText('16 min 44 s')).toHaveAttribute('title', '16 min 44 s')
    expect(within(table).getByText('12,345,678')).toHaveAttribute('title', '12,345,678')
    expect(within(table).getByText(long.configuration)).toHaveAttribute('title', long.configuration)
    // A status in words, never its raw value.
    expect(within(table).getByText('Waiting for approval')).toHaveAttribute(
      'title',
      'Waiting for approval',
    )
    expect(within(table).queryByText('waiting_for_approval')).toBeNull()
  })
})
