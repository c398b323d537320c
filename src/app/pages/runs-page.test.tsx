import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { server } from '@/testing/msw-server'
import { renderApp, type RenderedApp } from '@/testing/render-app'
import {
  approvalDeclined,
  handRun,
  refusalInLastRound,
  refusalThenCorrected,
  tool,
  waitingForInput,
} from '@/domain/runs/test-runs'

const base = '/api/diagnostics/v1'
const meta = {
  installation: 'Test',
  privacyLevel: 'metadata',
  earliestAt: '2026-11-10T08:00:00Z',
  latestAt: '2026-11-10T18:00:00Z',
  retentionDays: 30,
  argumentCheckSince: '2026-11-05T09:00:00Z',
}
const catalogueTool = (name: string) => ({
  name,
  source: 'builtin',
  server: null,
  group: 'content',
  effect: 'read_only',
  approval: false,
  input: false,
  parameters: { type: 'object', properties: {} },
})
const twice = handRun(
  'r-twice',
  [
    tool(1, 'update_page_metadata', { toolRefusal: 'arguments' }),
    tool(2, 'update_page_metadata', { toolRefusal: 'arguments' }),
    tool(3, 'update_page_metadata', { toolRefusal: null }),
  ],
  { configuration: '=HYPERLINK("x")', startedAt: '2026-11-10T12:00:00.000Z' },
)
const all = [refusalThenCorrected, refusalInLastRound, approvalDeclined, waitingForInput, twice]

/** Serves `all` in pages of two, filtered by `tool` as the contract says. */
function serveRuns(request: Request) {
  const url = new URL(request.url)
  const tools = url.searchParams.getAll('tool')
  const matching = all.filter(
    (r) =>
      tools.length === 0 ||
      r.steps.some((s) => s.kind === 'tool' && tools.includes(s.toolName ?? '')),
  )
  const at = Number(url.searchParams.get('cursor') ?? '0')
  const next = at + 2 < matching.length ? String(at + 2) : null
  return HttpResponse.json({
    runs: matching.slice(at, at + 2),
    nextCursor: next,
    totalRuns: matching.length,
  })
}
const runsHandler = http.get(`${base}/runs`, ({ request }) => serveRuns(request))
const happyPath = [
  http.get(`${base}/meta`, () => HttpResponse.json(meta)),
  http.get(`${base}/tools`, () =>
    HttpResponse.json({
      tools: [
        'update_page_metadata',
        'get_page_content',
        'create_content_element_draft',
        'ask_user_question',
      ].map(catalogueTool),
    }),
  ),
  http.get(`${base}/runs/:uuid`, ({ params }) => {
    const run = all.find((r) => r.uuid === params.uuid)
    return run ? HttpResponse.json(run) : new HttpResponse(null, { status: 404 })
  }),
  runsHandler,
  // No optional /run-list here: the list is folded (runs-page-served.test.tsx serves it).
  http.get(`${base}/run-list`, () => HttpResponse.json({ error: 'not_found' }, { status: 404 })),
]
beforeEach(() => server.use(...happyPath))

// jsdom has no layout: give the virtualised list's scroll box a size so it renders rows.
const sizes = ['offsetHeight', 'offsetWidth'] as const
const saved = sizes.map((key) => Object.getOwnPropertyDescriptor(HTMLElement.prototype, key))
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'offsetHeight', {
    configurable: true,
    get: () => 600,
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

const runLinks = () =>
  within(screen.getByRole('table', { name: /^Runs,/ }))
    .getAllByRole('link')
    .map((a) => a.getAttribute('title'))
/** The Tool calls column of the listed rows, top to bottom. */
function toolCallCounts(): number[] {
  const table = screen.getByRole('table', { name: /^Runs,/ })
  const column = within(table)
    .getAllByRole('columnheader')
    .findIndex((th) => /^Tool calls/.test(th.textContent ?? ''))
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => Number(row.querySelectorAll('th, td')[column]?.textContent))
}

describe('/runs page', () => {
  it('goes from the tool table count to exactly the runs holding those calls, and says how many calls', async () => {
    const { router } = renderApp('/tools?from=2026-11-10&to=2026-11-10&tz=UTC')
    const link = await screen.findByRole('link', {
      name: '3 calls refused for arguments of update_page_metadata: show the runs',
    })
    await userEvent.click(link)
    expect(
      await screen.findByText(
        '2 runs holding 3 calls of update_page_metadata refused for arguments',
      ),
    ).toBeInTheDocument()
    expect(router.state.location.search).toMatchObject({
      outcome: 'refused-arguments',
      tool: 'update_page_metadata',
    })
    expect(runLinks().sort()).toEqual(['Run r-corrected', 'Run r-twice'])
    // Newest first; the run link carries the list's search, so the run page can come back to it.
    await userEvent.click(screen.getByRole('link', { name: /^2026-11-10 12:00:00/ }))
    await screen.findByRole('heading', { level: 2, name: /^Round 1\b/ })
    expect(router.state.location.pathname).toBe('/runs/r-twice')
    expect(router.state.location.search).toMatchObject({ outcome: 'refused-arguments' })
  })

  it('filters by outcome, configuration and status from the URL and offers a way out of an empty match', async () => {
    renderApp('/runs?from=2026-11-10&to=2026-11-10&tz=UTC&outcome=failed&status=completed')
    expect(await screen.findByText('No run matches these filters')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Show all runs of the range' }))
    expect(await screen.findByText('5 runs holding 12 tool calls')).toBeInTheDocument()
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Status' }),
      'waiting_for_input',
    )
    expect(await screen.findByText('1 run holding 1 tool call')).toBeInTheDocument()
    expect(runLinks()).toEqual(['Run r-waiting'])
  })

  it('reports an ignored outcome and sorts by any column with aria-sort', async () => {
    renderApp('/runs?from=2026-11-10&to=2026-11-10&tz=UTC&outcome=bogus')
    expect(await screen.findByText(/Ignored outcome=bogus/)).toBeInTheDocument()
    await screen.findByText('5 runs holding 12 tool calls')
    const header = screen.getByRole('columnheader', { name: /Refused: arguments/ })
    expect(header).toHaveAttribute('aria-sort', 'none')
    await userEvent.click(within(header).getByRole('button'))
    expect(header).toHaveAttribute('aria-sort', 'descending')
    expect(runLinks()[0]).toBe('Run r-twice')
    await userEvent.click(within(header).getByRole('button'))
    expect(header).toHaveAttribute('aria-sort', 'ascending')
  })

  it('never shows a broken load as complete: incomplete with Resume, export disabled', async () => {
    let broken = true
    server.use(
      http.get(`${base}/runs`, ({ request }) => {
        const cursor = new URL(request.url).searchParams.get('cursor')
        if (cursor !== null && broken) return HttpResponse.json({ error: 'x' }, { status: 400 })
        return serveRuns(request)
      }),
    )
    renderApp('/runs?from=2026-11-10&to=2026-11-10&tz=UTC')
    expect(await screen.findByText('Incomplete: 2 of 5 runs')).toBeInTheDocument()
    expect(
      screen.getByText(/incomplete: counted in the 2 runs loaded so far, of 5/),
    ).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Export runs (CSV)' })).toBeDisabled()
    broken = false
    await userEvent.click(screen.getByRole('button', { name: 'Resume' }))
    expect(await screen.findByText('5 runs holding 12 tool calls')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Export runs (CSV)' })).toBeEnabled()
  })

  it('says what would appear when the range holds no runs', async () => {
    server.use(
      http.get(`${base}/runs`, () =>
        HttpResponse.json({ runs: [], nextCursor: null, totalRuns: 0 }),
      ),
    )
    renderApp('/runs?from=2026-11-10&to=2026-11-10&tz=UTC')
    expect(await screen.findByText('No runs in this range')).toBeInTheDocument()
  })

  it('says when the installation has never recorded a run', async () => {
    server.use(
      http.get(`${base}/meta`, () =>
        HttpResponse.json({ ...meta, earliestAt: null, latestAt: null }),
      ),
      http.get(`${base}/runs`, () =>
        HttpResponse.json({ runs: [], nextCursor: null, totalRuns: 0 }),
      ),
    )
    renderApp('/runs')
    expect(
      await screen.findByText('This installation has not recorded any agent runs yet'),
    ).toBeInTheDocument()
    expect(screen.queryByText('No runs in this range')).not.toBeInTheDocument()
  })

  it('reads the sort from the URL and writes a new one there, replacing the entry', async () => {
    const { router } = renderApp(
      '/runs?from=2026-11-10&to=2026-11-10&tz=UTC&sort=toolCalls&dir=asc',
    )
    await screen.findByText('5 runs holding 12 tool calls')
    const toolCalls = screen.getByRole('columnheader', { name: /Tool calls/ })
    expect(toolCalls).toHaveAttribute('aria-sort', 'ascending')
    expect(screen.getByRole('columnheader', { name: /Started/ })).toHaveAttribute(
      'aria-sort',
      'none',
    )
    const calls = toolCallCounts()
    expect(calls).toEqual([...calls].sort((a, b) => a - b))
    expect(calls[0]).toBeLessThan(calls[calls.length - 1] ?? 0)
    const entries = router.history.length
    await userEvent.click(within(toolCalls).getByRole('button'))
    expect(router.state.location.search).toMatchObject({ sort: 'toolCalls', dir: 'desc' })
    expect(toolCalls).toHaveAttribute('aria-sort', 'descending')
    expect(toolCallCounts()).toEqual([...calls].sort((a, b) => b - a))
    const duration = screen.getByRole('columnheader', { name: /Duration/ })
    await userEvent.click(within(duration).getByRole('button'))
    expect(router.state.location.search).toMatchObject({
      sort: 'duration',
      dir: 'desc',
      from: '2026-11-10',
    })
    expect(router.history.length).toBe(entries)
    // Back to newest first: the URL carries no sort at all.
    await userEvent.click(
      within(screen.getByRole('columnheader', { name: /Started/ })).getByRole('button'),
    )
    expect(router.state.location.search).not.toHaveProperty('sort')
    expect(router.state.location.search).not.toHaveProperty('dir')
  })

  it('ignores an unknown sort or direction with a message and keeps the default order', async () => {
    renderApp('/runs?from=2026-11-10&to=2026-11-10&tz=UTC&sort=bogus&dir=sideways')
    expect(
      await screen.findByText(/Ignored sort=bogus and dir=sideways: not one of started, /),
    ).toBeInTheDocument()
    await screen.findByText('5 runs holding 12 tool calls')
    expect(screen.getByRole('columnheader', { name: /Started/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    )
    expect(runLinks()[0]).toBe('Run r-twice')
  })

  it.each([
    ['Esc on the run', () => userEvent.keyboard('{Escape}')],
    [
      "the run page's way back",
      () => userEvent.click(screen.getByRole('link', { name: '← Back to the runs list' })),
    ],
    ["the browser's Back", (router: RenderedApp['router']) => router.history.back()],
  ])('comes back from a run by %s to the same sort, with focus on that run', async (_, goBack) => {
    const { router } = renderApp(
      '/runs?from=2026-11-10&to=2026-11-10&tz=UTC&sort=toolCalls&dir=asc',
    )
    await screen.findByText('5 runs holding 12 tool calls')
    const link = screen.getByRole('link', { name: /^2026-11-10 12:00:00/ })
    expect(link).toHaveAttribute('title', 'Run r-twice')
    await userEvent.click(link)
    await screen.findByRole('heading', { level: 2, name: /^Round 1\b/ })
    expect(router.state.location.search).toMatchObject({ sort: 'toolCalls', dir: 'asc' })
    await goBack(router)
    await screen.findByText('5 runs holding 12 tool calls')
    expect(router.state.location.pathname).toBe('/runs')
    expect(screen.getByRole('columnheader', { name: /Tool calls/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    )
    await waitFor(() =>
      expect(screen.getByRole('link', { name: /^2026-11-10 12:00:00/ })).toHaveFocus(),
    )
  })

  it("puts focus on the run's heading once a run opened from the list has loaded", async () => {
    // The run answers once its page has focused the heading it shows while loading.
    let answer = () => {}
    const answered = new Promise<void>((resolve) => (answer = resolve))
    server.use(
      http.get(`${base}/runs/:uuid`, async ({ params }) => {
        await answered
        return HttpResponse.json(all.find((r) => r.uuid === params.uuid))
      }),
    )
    renderApp('/runs?from=2026-11-10&to=2026-11-10&tz=UTC')
    await screen.findByText('5 runs holding 12 tool calls')
    await userEvent.click(screen.getByRole('link', { name: /^2026-11-10 12:00:00/ }))
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveFocus())
    answer()
    await screen.findByRole('heading', { level: 2, name: /^Round 1\b/ })
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1, name: /^Run r-twice/ })).toHaveFocus(),
    )
  })

  it('does not move focus into the list when it is reached another way', async () => {
    const { router } = renderApp('/runs?from=2026-11-10&to=2026-11-10&tz=UTC')
    await screen.findByText('5 runs holding 12 tool calls')
    await userEvent.click(screen.getByRole('link', { name: /^2026-11-10 12:00:00/ }))
    await screen.findByRole('heading', { level: 2, name: /^Round 1\b/ })
    // A fresh entry for the same list (as the navigation's link gives): no way back from a run.
    await router.navigate({
      to: '/runs',
      search: { from: '2026-11-10', to: '2026-11-10', tz: 'UTC' },
    })
    await screen.findByText('5 runs holding 12 tool calls')
    expect(
      within(screen.getByRole('table', { name: /^Runs,/ })).getAllByRole('link'),
    ).not.toContain(document.activeElement)
  })
})

describe('/runs: go to a run by its id', () => {
  const field = () => screen.getByRole('textbox', { name: 'Go to run' })

  it('opens a run from a pasted link to its page, white space and all, keeping the list', async () => {
    const list = '/runs?tz=UTC&from=2026-11-10&to=2026-11-10&outcome=failed'
    const { router } = renderApp(list)
    await userEvent.click(await screen.findByRole('textbox', { name: 'Go to run' }))
    await userEvent.paste(`  https://cms.example/diagnostics/runs/${twice.uuid}?tz=UTC\n`)
    await userEvent.keyboard('{Enter}')
    expect(await screen.findByRole('heading', { name: `Run ${twice.uuid}` })).toBeVisible()
    expect(router.state.location.pathname).toBe(`/runs/${twice.uuid}`)
    // The list's search goes along: the run page's way back returns to the same list.
    expect(router.state.location.search).toMatchObject({ outcome: 'failed', from: '2026-11-10' })
  })

  it('opens a typed id with the button', async () => {
    const { router } = renderApp('/runs?tz=UTC')
    await userEvent.type(await screen.findByRole('textbox', { name: 'Go to run' }), ' r-twice ')
    await userEvent.click(screen.getByRole('button', { name: 'Open run' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/runs/r-twice'))
  })

  it('lands on "Run not found" for an id the installation does not know', async () => {
    renderApp('/runs?tz=UTC')
    await userEvent.type(await screen.findByRole('textbox', { name: 'Go to run' }), 'no-such-run')
    await userEvent.keyboard('{Enter}')
    expect(await screen.findByRole('heading', { name: 'Run not found' })).toBeVisible()
    expect(screen.getByTitle('no-such-run')).toBeInTheDocument()
  })

  it('says a link to another page is not a run link, and stays on the list', async () => {
    const { router } = renderApp('/runs?tz=UTC')
    await userEvent.type(
      await screen.findByRole('textbox', { name: 'Go to run' }),
      'https://evil.example/tools?tool=x',
    )
    await userEvent.keyboard('{Enter}')
    expect(field()).toHaveAccessibleDescription(/That link is not a run's page/)
    expect(field()).toHaveAttribute('aria-invalid', 'true')
    expect(router.state.location.pathname).toBe('/runs')
  })

  it('says a status no run has is ignored once the runs are loaded', async () => {
    renderApp('/runs?tz=UTC&status=weird')
    expect(await screen.findByText(/^Ignored status=weird: not one of queued/)).toBeVisible()
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('')
  })

  it('asks for an id when the field is blank, and stays on the list', async () => {
    const { router } = renderApp('/runs?tz=UTC')
    await userEvent.type(await screen.findByRole('textbox', { name: 'Go to run' }), '   ')
    await userEvent.keyboard('{Enter}')
    expect(field()).toHaveAccessibleDescription(/Paste or type a run id first\.$/)
    expect(field()).toHaveAttribute('aria-invalid', 'true')
    expect(router.state.location.pathname).toBe('/runs')
  })
})
