import { describe, expect, it } from 'vitest'
import { render, screen, within } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import {
  RouterProvider,
  createMemoryHistory,
  createRootRoute,
  createRouter,
} from '@tanstack/react-router'
import { ApiConfigProvider, toolsQuery, type ApiConfig } from '@/api'
import { parseSearch, stringifySearch } from '@/app/search-params'
import type { Tool } from '@/domain/contract'
import { effectWindows, type WatchRow } from '@/domain/effect'
import type { Filters } from '@/domain/filters'
import { countsRowOf } from '@/domain/summary'
import { WatchListPanel } from './watch-list-panel'

// A catalogue request never answers: the tests that need one have it in the cache already.
const config: ApiConfig = { baseUrl: '/api/diagnostics/v1', fetchFn: () => new Promise(() => {}) }
const filters: Filters = {
  from: '2026-09-01',
  to: '2026-11-28',
  tz: 'UTC',
  tools: [],
  preset: 'custom',
}
const windows = effectWindows(Date.UTC(2026, 9, 5), 14, {
  earliestMs: Date.UTC(2026, 8, 1),
  latestMs: Date.UTC(2026, 10, 28),
})
const tool = (name: string): Tool => ({
  name,
  source: 'builtin',
  server: null,
  group: 'pages',
  effect: 'idempotent_write',
  approval: false,
  input: false,
  parameters: { type: 'object' },
})
const row = (name: string): WatchRow => ({
  tool: name,
  before: countsRowOf({ succeeded: 12 }),
  after: countsRowOf({ succeeded: 4, 'refused:arguments': 3 }),
})

/** The panel with the catalogue already read (or, for null, not read yet). */
function renderPanel(rows: WatchRow[], catalogue: Tool[] | null) {
  const client = new QueryClient()
  if (catalogue !== null) client.setQueryData(toolsQuery(config).queryKey, { tools: catalogue })
  const router = createRouter({
    routeTree: createRootRoute({
      component: () => <WatchListPanel rows={rows} windows={windows} filters={filters} />,
    }),
    history: createMemoryHistory({ initialEntries: ['/'] }),
    parseSearch,
    stringifySearch,
  })
  render(
    <ApiConfigProvider config={config}>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ApiConfigProvider>,
  )
}

const searchOf = (link: HTMLElement) => {
  const url = new URL(link.getAttribute('href') ?? '', 'http://x')
  return { path: url.pathname, search: parseSearch(url.search.slice(1)) }
}

describe('WatchListPanel', () => {
  it("opens a tool's schema from its name, its report from its calls, its runs from its refusals", async () => {
    renderPanel([row('update_page_metadata')], [tool('update_page_metadata')])
    const name = await screen.findByRole('link', { name: 'update_page_metadata' })
    expect(name).toHaveAccessibleDescription(
      "Opens the tool's schema and playground on the checker.",
    )
    expect(searchOf(name)).toEqual({
      path: '/checker',
      search: {
        preset: 'custom',
        tz: 'UTC',
        from: '2026-09-01',
        to: '2026-11-28',
        check: 'update_page_metadata',
      },
    })
    const before = screen.getByRole('link', {
      name: '12 calls of update_page_metadata before the decision: tool report',
    })
    expect(searchOf(before)).toMatchObject({
      path: '/tools',
      search: { tool: 'update_page_metadata', from: '2026-09-21', to: '2026-10-04' },
    })
    const after = screen.getByRole('link', {
      name: '7 calls of update_page_metadata after the decision: tool report',
    })
    expect(searchOf(after)).toMatchObject({ path: '/tools', search: { from: '2026-10-05' } })
    const refusals = screen.getByRole('link', { name: '3' })
    expect(searchOf(refusals)).toMatchObject({
      path: '/runs',
      search: { tool: 'update_page_metadata', outcome: 'refused-arguments' },
    })
  })

  it('marks a tool the catalogue no longer offers, as text', async () => {
    const evil = '<img src=x onerror=alert(1)>'
    renderPanel([row(evil)], [tool('update_page_metadata')])
    const header = await screen.findByRole('rowheader', { name: /not in the catalogue/ })
    expect(within(header).queryByRole('link')).toBeNull()
    expect(within(header).getByText(evil)).toHaveAttribute('title', evil)
    expect(document.querySelector('img')).toBeNull()
  })

  it('links no name while the catalogue is not read', async () => {
    renderPanel([row('update_page_metadata')], null)
    const header = await screen.findByRole('rowheader', { name: 'update_page_metadata' })
    expect(within(header).queryByRole('link')).toBeNull()
  })
})
