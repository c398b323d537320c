import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { server } from '@/testing/msw-server'
import { renderApp } from '@/testing/render-app'
import { runListCsvUrl } from '@/api'
import type { Run } from '@/domain/contract'
import {
  DEFAULT_RUN_SORT,
  describeSelection,
  emptyRunsSummary,
  foldRunRows,
  listRuns,
  runListCsvContext,
  runsCsvChunks,
  type RunListFilters,
  type RunSort,
} from '@/domain/runs'
import { createScope } from '@/domain/summary'
import { createHandlers } from '@/mocks/handlers'
import { createInstallation } from '@/mocks/installation'
import { createQueryClient } from '@/app/app'
import { parseSearch } from '@/app/search-params'
import { prefetchRunsPage } from '@/features/runs'

const base = '/api/diagnostics/v1'
const installation = createInstallation()
const FILTERS = { from: '2026-09-01', to: '2026-11-28', tz: 'UTC', tools: [] as string[] }
const LIST = '/runs?from=2026-09-01&to=2026-11-28&tz=UTC'
const ANY: RunListFilters = { outcome: null, configuration: null, status: null }
const num = (n: number) => n.toLocaleString('en-US')

/** Every run `/runs` gives for the filters, folded as the browser folds them: the reference. */
function folded(filters: RunListFilters, sort: RunSort) {
  const scope = createScope(FILTERS)
  const runs: Run[] = []
  for (let after: string | null = null; ;) {
    const { startMs: from, endMs: to } = scope.buckets
    const page = installation.queryRuns({ from, to, tools: [] }, after, 500)
    runs.push(...page.runs)
    after = page.continueAfter?.uuid ?? null
    if (after === null) break
  }
  return listRuns(foldRunRows(emptyRunsSummary(), runs, scope).rows, filters, sort)
}

/** The paths and queries the mock API was asked, in order. */
let asked: URL[] = []
const runListAsks = () => asked.filter((url) => url.pathname.endsWith('/run-list'))
beforeEach(() => {
  asked = []
  server.use(...createHandlers({ baseUrl: base, installation, summaryEndpoint: true }))
  server.events.on('request:start', ({ request }) => asked.push(new URL(request.url)))
})
afterEach(() => server.events.removeAllListeners())

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
afterAll(async () => {
  sizes.forEach((key, i) => {
    const descriptor = saved[i]
    if (descriptor) Object.defineProperty(HTMLElement.prototype, key, descriptor)
  })
  // Lets TanStack Virtual's scroll-end timer fire before the environment goes (see runs-table.test).
  await new Promise((resolve) => setTimeout(resolve, 300))
})

const table = () => screen.getByRole('table', { name: /^Runs,/ })
/** The rows in the DOM: their place in the whole list (0-based) and their run. */
const shownRows = () =>
  within(table())
    .getAllByRole('row')
    .slice(1)
    .map((row) => ({
      index: Number(row.getAttribute('aria-rowindex')) - 2,
      uuid: row.querySelector('a')?.getAttribute('title')?.replace(/^Run /, ''),
    }))
/** Whether every row shown is the reference's row at its place. */
function expectRowsOf(reference: { rows: { uuid: string }[] }, offset: number) {
  const rows = shownRows()
  expect(rows.length).toBeGreaterThan(10)
  expect(rows[0]?.index).toBe(offset)
  expect(rows.map((row) => row.uuid)).toEqual(rows.map((row) => reference.rows[row.index]?.uuid))
}
const settled = () =>
  waitFor(() =>
    expect(document.querySelector('.runs-served')).toHaveAttribute('aria-busy', 'false'),
  )
const button = (name: string) => screen.getByRole('button', { name })

describe('/runs served by the installation (GET /run-list)', () => {
  it('shows the first page as the folded list would list it, without loading every run', async () => {
    const reference = folded(ANY, DEFAULT_RUN_SORT)
    renderApp(LIST)
    expect(await screen.findByText(`Runs 1–100 of ${num(reference.rows.length)}`)).toBeVisible()
    expect(
      screen.getByText(describeSelection(reference.rows.length, reference.calls, null, [])),
    ).toBeVisible()
    expect(screen.getByText(/^Counted by the installation from its run records/)).toBeVisible()
    expect(table()).toHaveAttribute('aria-rowcount', String(reference.rows.length + 1))
    expectRowsOf(reference, 0)
    expect(asked.filter((url) => url.pathname.endsWith('/runs'))).toEqual([])
    expect(runListAsks().map((url) => url.searchParams.get('offset'))).toEqual(['0'])
    // The filters offer what the range holds: the page's facets.
    const statuses = within(screen.getByRole('combobox', { name: 'Status' })).getAllByRole('option')
    expect(statuses.map((option) => option.getAttribute('value'))).toEqual([
      '',
      ...reference.statuses,
    ])
  })

  it('asks for the page while /meta is on its way when the link names its days, and only then', async () => {
    let answerMeta = () => {}
    const metaHeld = new Promise<void>((resolve) => (answerMeta = resolve))
    // Holds /meta, then lets the installation's own handler answer it.
    server.use(http.get(`${base}/meta`, () => metaHeld.then(() => undefined)))
    renderApp(`${LIST}&sort=rounds&dir=desc`)
    await waitFor(() => expect(runListAsks()).toHaveLength(1))
    expect(asked.filter((url) => url.pathname.endsWith('/meta'))).toHaveLength(1)
    answerMeta()
    expect(await screen.findByText(/^Runs 1–100 of/)).toBeVisible()
    expect(runListAsks()).toHaveLength(1)
    expectRowsOf(folded(ANY, { key: 'rounds', desc: true }), 0)
  })

  it('finds the page asked at start-up, before it mounted, and asks nothing again', async () => {
    const queryClient = createQueryClient()
    const path = `${LIST}&sort=duration&dir=asc&page=2`
    const [pathname, query] = path.split('?') as [string, string]
    expect(pathname).toBe('/runs')
    prefetchRunsPage(queryClient, { baseUrl: base }, parseSearch(`?${query}`), 'UTC')
    await waitFor(() => expect(runListAsks()).toHaveLength(1))
    renderApp(path, { queryClient })
    expect(await screen.findByText(/^Runs 101–200 of/)).toBeVisible()
    expect(runListAsks()).toHaveLength(1)
    expectRowsOf(folded(ANY, { key: 'durationMs', desc: false }), 100)
  })

  it('waits for /meta when the days depend on the installation data', async () => {
    let answerMeta = () => {}
    const metaHeld = new Promise<void>((resolve) => (answerMeta = resolve))
    server.use(http.get(`${base}/meta`, () => metaHeld.then(() => undefined)))
    renderApp('/runs?from=2026-09-01&tz=UTC')
    await waitFor(() => expect(asked.some((url) => url.pathname.endsWith('/meta'))).toBe(true))
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(runListAsks()).toEqual([])
    answerMeta()
    expect(await screen.findByText(/^Runs 1–100 of/)).toBeVisible()
    expect(runListAsks()).toHaveLength(1)
  })

  it('sorts by a column on the server and shows its rows in its order', async () => {
    const { router } = renderApp(LIST)
    await screen.findByText(/^Runs 1–100 of/)
    const rounds = screen.getByRole('columnheader', { name: /Rounds/ })
    await userEvent.click(within(rounds).getByRole('button'))
    await settled()
    expect(router.state.location.search).toMatchObject({ sort: 'rounds', dir: 'desc' })
    expect(rounds).toHaveAttribute('aria-sort', 'descending')
    const last = runListAsks().at(-1)?.searchParams
    expect([last?.get('sort'), last?.get('dir'), last?.get('offset')]).toEqual([
      'rounds',
      'desc',
      '0',
    ])
    await waitFor(() => expectRowsOf(folded(ANY, { key: 'rounds', desc: true }), 0))
  })

  it('never sorts the page again in the browser: the rows stay in the order answered', async () => {
    const reference = folded(ANY, DEFAULT_RUN_SORT)
    // The newest runs, answered oldest first: a browser that sorted would put them back.
    server.use(
      http.get(`${base}/run-list`, async ({ request }) => {
        const url = new URL(request.url)
        // The installation's own answer, asked with a parameter the endpoint ignores.
        if (url.searchParams.has('own')) return undefined
        url.searchParams.set('own', '1')
        const page = (await (await fetch(url)).json()) as { rows: unknown[] }
        return HttpResponse.json({ ...page, rows: [...page.rows].reverse() })
      }),
    )
    renderApp(LIST)
    await screen.findByText(/^Runs 1–100 of/)
    const shown = shownRows()
    expect(shown.map((row) => row.uuid)).toEqual(
      shown.map((row) => reference.rows[99 - row.index]?.uuid),
    )
  })

  it('filters by outcome on the server, with its counts and the runs of the range', async () => {
    const { router } = renderApp(LIST)
    await screen.findByText(/^Runs 1–100 of/)
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Outcome' }), 'failed')
    await settled()
    expect(router.state.location.search).toMatchObject({ outcome: 'failed' })
    expect(runListAsks().at(-1)?.searchParams.get('outcome')).toBe('failed')
    const reference = folded({ ...ANY, outcome: { kind: 'failed' } }, DEFAULT_RUN_SORT)
    const headline = describeSelection(
      reference.rows.length,
      reference.calls,
      { kind: 'failed' },
      [],
    )
    expect(await screen.findByText(headline)).toBeVisible()
    expect(
      screen.getByText(`(of ${num(reference.rangeRuns)} runs in`, { exact: false }),
    ).toBeVisible()
    expectRowsOf(reference, 0)
  })

  it('pages with First, Previous, Next and Last, disabled at the ends, the page in the URL', async () => {
    const reference = folded(ANY, DEFAULT_RUN_SORT)
    const pages = Math.ceil(reference.rows.length / 100)
    const { router } = renderApp(LIST)
    await screen.findByText(/^Runs 1–100 of/)
    expect(button('First')).toBeDisabled()
    expect(button('Previous')).toBeDisabled()
    await userEvent.click(button('Next'))
    expect(await screen.findByText(`Runs 101–200 of ${num(reference.rows.length)}`)).toBeVisible()
    expect(router.state.location.search).toMatchObject({ page: '2' })
    expectRowsOf(reference, 100)
    expect(button('Previous')).toBeEnabled()
    expect(button('Next')).toHaveFocus()

    await userEvent.click(button('Last'))
    const from = (pages - 1) * 100 + 1
    expect(
      await screen.findByText(
        `Runs ${from}–${reference.rows.length} of ${num(reference.rows.length)}`,
      ),
    ).toBeVisible()
    expect(router.state.location.search).toMatchObject({ page: String(pages) })
    expect(button('Next')).toBeDisabled()
    expect(button('Last')).toBeDisabled()
    // The button clicked is disabled now: the focus went to the one that still goes somewhere.
    expect(button('Previous')).toHaveFocus()
    expect(screen.getByText(`Page ${pages} of ${pages}`)).toBeVisible()

    await userEvent.click(button('First'))
    await screen.findByText(/^Runs 1–100 of/)
    expect(router.state.location.search).not.toHaveProperty('page')
    expect(button('Next')).toHaveFocus()
  })

  it('starts again at the first page when the sort or a filter changes', async () => {
    const { router } = renderApp(`${LIST}&page=3`)
    await screen.findByText(/^Runs 201–300 of/)
    await userEvent.click(
      within(screen.getByRole('columnheader', { name: /Duration/ })).getByRole('button'),
    )
    await screen.findByText(/^Runs 1–100 of/)
    expect(router.state.location.search).not.toHaveProperty('page')
    await userEvent.click(button('Next'))
    await screen.findByText(/^Runs 101–200 of/)
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'completed')
    await waitFor(() => expect(router.state.location.search).not.toHaveProperty('page'))
    await settled()
    expect(runListAsks().at(-1)?.searchParams.get('offset')).toBe('0')
    // The shared filters too: other days are another list.
    await userEvent.click(button('Next'))
    await screen.findByText(/^Runs 101–200 of/)
    await userEvent.click(screen.getByRole('button', { name: /^Last 7 days/ }))
    await waitFor(() => expect(router.state.location.search).not.toHaveProperty('page'))
    expect(router.state.location.search).toMatchObject({ preset: '7d', status: 'completed' })
  })

  it('keeps the page shown, marked as updating, while the next one loads', async () => {
    let answer = () => {}
    const answered = new Promise<void>((resolve) => (answer = resolve))
    renderApp(LIST)
    await screen.findByText(/^Runs 1–100 of/)
    const first = shownRows()
    server.use(
      http.get(`${base}/run-list`, async ({ request }) => {
        if (new URL(request.url).searchParams.get('offset') === '100') await answered
        return undefined // on to the installation's own handler
      }),
    )
    await userEvent.click(button('Next'))
    expect(await screen.findByText('— updating…')).toBeVisible()
    expect(document.querySelector('.runs-served')).toHaveAttribute('aria-busy', 'true')
    expect(screen.getByText(/^Runs 1–100 of/)).toBeVisible()
    expect(shownRows()).toEqual(first)
    expect(button('Export runs (CSV)')).toBeDisabled()
    answer()
    await screen.findByText(/^Runs 101–200 of/)
    expect(screen.queryByText('— updating…')).not.toBeInTheDocument()
  })

  it('comes back from a run to the same page, with focus on that run', async () => {
    const { router } = renderApp(`${LIST}&page=2`)
    await screen.findByText(/^Runs 101–200 of/)
    const link = within(table()).getAllByRole('link')[3]
    const title = link?.getAttribute('title')
    expect(title).toMatch(/^Run /)
    if (link) await userEvent.click(link)
    await screen.findByRole('heading', { level: 2, name: /^Round 1\b/ })
    router.history.back()
    await screen.findByText(/^Runs 101–200 of/)
    expect(router.state.location.search).toMatchObject({ page: '2' })
    await waitFor(() => expect(document.activeElement?.getAttribute('title')).toBe(title))
  })

  it('offers the whole list as the installation’s CSV file, equal to the folded export', async () => {
    const reference = folded(ANY, { key: 'toolCalls', desc: true })
    renderApp(`${LIST}&sort=toolCalls&dir=desc`)
    await screen.findByText(/^Runs 1–100 of/)
    const link = screen.getByRole('link', { name: 'Export runs (CSV)' })
    expect(link).toHaveAttribute('download', 'runs_2026-09-01_2026-11-28.csv')
    const query = {
      from: Date.parse('2026-09-01T00:00:00Z'),
      to: Date.parse('2026-11-29T00:00:00Z'),
      tools: [],
      filters: ANY,
      sort: { key: 'toolCalls', desc: true } as const,
    }
    const href = link.getAttribute('href') ?? ''
    expect(href).toBe(runListCsvUrl({ baseUrl: base }, query, 'UTC'))
    const csv = await (await fetch(href)).text()
    const expected = runsCsvChunks(reference.rows, runListCsvContext(query, 'UTC')).join('')
    // `text()` drops the byte-order mark; the rest is the folded export's, row for row.
    expect(csv).toBe(expected.replace(/^\uFEFF/, ''))
    expect(csv.split('\r\n').length - 2).toBe(reference.rows.length)
    await userEvent.click(link)
    expect(
      screen.getByText(`Exporting ${num(reference.rows.length)} runs`, { exact: false }),
    ).toBeVisible()
  })

  it.each([
    ['page=abc', /^Ignored page=abc: not a page number from 1 to /],
    ['page=99', /^Ignored page=99: this list has 6 pages; showing the first page$/],
  ])('shows the first page for %s, and says why', async (param, line) => {
    renderApp(`${LIST}&${param}`)
    await screen.findByText(/^Runs 1–100 of/)
    expect(await screen.findByText(line)).toBeVisible()
    expect(button('Previous')).toBeDisabled()
  })

  it('ignores a status neither the contract nor the range knows, by the page’s facets', async () => {
    renderApp(`${LIST}&status=weird`)
    expect(await screen.findByText(/^Ignored status=weird: not one of queued/)).toBeVisible()
    await settled()
    expect(runListAsks().at(-1)?.searchParams.has('status')).toBe(false)
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('')
  })
})

describe('/runs where the installation does not serve the list', () => {
  it.each([404, 405, 501])(
    'folds every run here after a %i, and does not ask /run-list again',
    async (status) => {
      server.use(http.get(`${base}/run-list`, () => new HttpResponse(null, { status })))
      const reference = folded(ANY, DEFAULT_RUN_SORT)
      renderApp(`${LIST}&page=2`)
      const headline = describeSelection(reference.rows.length, reference.calls, null, [])
      expect(await screen.findByText(headline)).toBeVisible()
      await waitFor(() => expect(button('Export runs (CSV)')).toBeEnabled())
      expect(screen.queryByRole('navigation', { name: 'Pages of the runs list' })).toBeNull()
      expect(
        screen.getByText(/^Ignored page=2: this installation's list shows every run/),
      ).toBeVisible()
      await userEvent.click(
        within(screen.getByRole('columnheader', { name: /Rounds/ })).getByRole('button'),
      )
      await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Outcome' }), 'failed')
      await screen.findByText(/that failed$/)
      expect(runListAsks()).toHaveLength(1)
      expect(asked.some((url) => url.pathname.endsWith('/runs'))).toBe(true)
    },
  )

  it('folds here while the server counts for the first time (503 counting), and after a 400', async () => {
    server.use(
      http.get(`${base}/run-list`, ({ request }) =>
        new URL(request.url).searchParams.get('outcome') === null
          ? HttpResponse.json({ error: 'counting', progress: 0.4 }, { status: 503 })
          : HttpResponse.json({ error: 'bad_request', message: 'No.' }, { status: 400 }),
      ),
    )
    renderApp(LIST)
    await waitFor(() => expect(button('Export runs (CSV)')).toBeEnabled())
    expect(screen.queryByText(/^Runs 1–100 of/)).toBeNull()
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Outcome' }), 'failed')
    await screen.findByText(/that failed$/)
    // Each is a reason for this query only: the next one asks the installation again.
    expect(runListAsks()).toHaveLength(2)
  })

  it('shows a failed page as an error with Retry, which asks again', async () => {
    let failing = true
    server.use(
      http.get(`${base}/run-list`, () =>
        failing ? HttpResponse.json({ error: 'internal' }, { status: 500 }) : undefined,
      ),
    )
    renderApp(LIST)
    expect(
      await screen.findByText('The runs could not be loaded', undefined, { timeout: 20_000 }),
    ).toBeVisible()
    expect(screen.getByText(/answered HTTP 500 for \/run-list/)).toBeVisible()
    failing = false
    await userEvent.click(button('Retry'))
    expect(await screen.findByText(/^Runs 1–100 of/)).toBeVisible()
  }, 30_000)
})
