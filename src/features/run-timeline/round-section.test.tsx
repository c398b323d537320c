import { describe, expect, it } from 'vitest'
import { fireEvent, render, screen, within } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import {
  RouterProvider,
  createMemoryHistory,
  createRootRoute,
  createRouter,
} from '@tanstack/react-router'
import { ApiConfigProvider, toolsQuery, type ApiConfig } from '@/api'
import { parseSearch, stringifySearch } from '@/app/search-params'
import type { Run, Tool } from '@/domain/contract'
import { groupRounds, stepAnchorIds } from '@/domain/runs'
import { refusalThenCorrected } from '@/domain/runs/test-runs'
import { RoundSection } from './round-section'

// A catalogue request never answers: the tests that need one have it in the cache already.
const config: ApiConfig = { baseUrl: '/api/diagnostics/v1', fetchFn: () => new Promise(() => {}) }
const tool = (name: string): Tool => ({
  name,
  source: 'builtin',
  server: null,
  group: 'pages',
  effect: 'read_only',
  approval: false,
  input: false,
  parameters: { type: 'object' },
})

/** Round 2 of `run` on its run page, reached from the runs list with `search`. */
function renderRound(run: Run, catalogue: Tool[] | null, search: string) {
  const client = new QueryClient()
  if (catalogue !== null) client.setQueryData(toolsQuery(config).queryKey, { tools: catalogue })
  const group = groupRounds(run).find((g) => g.round === 2)
  if (!group) throw new Error('no round 2')
  const anchors = stepAnchorIds(run.steps)
  const router = createRouter({
    routeTree: createRootRoute({
      component: () => <RoundSection group={group} run={run} zone="UTC" anchors={anchors} />,
    }),
    history: createMemoryHistory({ initialEntries: [`/runs/${run.uuid}?${search}`] }),
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
  return router
}

const LIST = 'preset=7d&tz=Europe%2FBerlin&tool=update_page_metadata&outcome=failed&sort=calls'

describe('RoundSection tool names', () => {
  it("opens a called tool's schema on the checker with the list's shared filters", async () => {
    const router = renderRound(
      refusalThenCorrected,
      [tool('update_page_metadata'), tool('get_page_content')],
      LIST,
    )
    const table = await screen.findByRole('table', { name: 'Steps of round 2' })
    const link = within(table).getByRole('link', { name: 'update_page_metadata' })
    expect(link).toHaveAccessibleDescription(
      "Opens the tool's schema and playground on the checker.",
    )
    const url = new URL(link.getAttribute('href') ?? '', 'http://x')
    expect(url.pathname).toBe('/checker')
    // The list's own filters and order stay behind: the checker reads only the shared ones.
    expect(parseSearch(url.search.slice(1))).toEqual({
      preset: '7d',
      tz: 'Europe/Berlin',
      tool: 'update_page_metadata',
      check: 'update_page_metadata',
    })
    expect(within(table).getByRole('link', { name: 'get_page_content' })).toBeVisible()
    fireEvent.click(link)
    await expect.poll(() => router.state.location.pathname).toBe('/checker')
  })

  it('says when the catalogue no longer offers a called tool, and links nothing', async () => {
    renderRound(refusalThenCorrected, [tool('update_page_metadata')], LIST)
    const table = await screen.findByRole('table', { name: 'Steps of round 2' })
    const row = within(table).getByRole('row', { name: /get_page_content/ })
    expect(within(row).queryByRole('link')).toBeNull()
    expect(within(row).getByText('not in the catalogue')).toBeVisible()
    expect(within(table).getByRole('link', { name: 'update_page_metadata' })).toBeVisible()
  })

  it('renders a hostile tool name as text, link and all', async () => {
    const evil = '\u202E<img src=x onerror=alert(1)>\uDC00'
    const run: Run = {
      ...refusalThenCorrected,
      steps: refusalThenCorrected.steps.map((s) =>
        s.toolName === 'get_page_content' ? { ...s, toolName: evil } : s,
      ),
    }
    const router = renderRound(run, [tool(evil)], 'tz=UTC')
    const table = await screen.findByRole('table', { name: 'Steps of round 2' })
    const link = within(table).getByRole('link', { name: evil })
    expect(link.textContent).toBe(evil)
    expect(document.querySelector('img')).toBeNull()
    fireEvent.click(link)
    await expect.poll(() => router.state.location.search).toEqual({ tz: 'UTC', check: evil })
  })
})
