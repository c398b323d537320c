import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { server } from '@/testing/msw-server'
import { renderApp, type RenderedApp } from '@/testing/render-app'
import { AFTER_RUNS, BEFORE_RUNS, CATALOGUE } from '@/domain/effect/test-fixtures'

const base = '/api/diagnostics/v1'
const meta = (argumentCheckSince: string | null) => ({
  installation: 'Test',
  privacyLevel: 'metadata',
  earliestAt: '2026-10-01T00:00:00Z',
  latestAt: '2026-11-20T00:00:00Z',
  retentionDays: null,
  argumentCheckSince,
})
const tools = CATALOGUE.map((t) => ({
  ...t,
  server: null,
  group: 'content',
  effect: t.approval ? 'idempotent_write' : 'read_only',
  parameters: { type: 'object', properties: {} },
}))
const runs = [...AFTER_RUNS, ...BEFORE_RUNS]
let metaBody = meta('2026-11-05T09:00:00Z')
let broken = false

/** Two pages of every query: the fold decides what counts, as with the real API. */
const happyPath = [
  http.get(`${base}/meta`, () => HttpResponse.json(metaBody)),
  http.get(`${base}/tools`, () => HttpResponse.json({ tools })),
  http.get(`${base}/runs`, ({ request }) => {
    const cursor = new URL(request.url).searchParams.get('cursor')
    const half = 6
    if (cursor === null)
      return HttpResponse.json({
        runs: runs.slice(0, half),
        nextCursor: 'p2',
        totalRuns: runs.length,
      })
    if (broken) return HttpResponse.json({ error: 'unavailable' }, { status: 400 })
    return HttpResponse.json({ runs: runs.slice(half), nextCursor: null, totalRuns: runs.length })
  }),
]
beforeEach(() => server.use(...happyPath))
afterEach(() => {
  metaBody = meta('2026-11-05T09:00:00Z')
  broken = false
})

const searchOf = (router: RenderedApp['router']) =>
  new URLSearchParams(router.state.location.searchStr)
const kpi = (name: string) => {
  const card = screen.getByRole('heading', { name }).closest('li')
  if (!card) throw new Error(`no card ${name}`)
  return card.querySelector('.ov-kpi__value')?.textContent ?? ''
}
const cellsOf = (name: RegExp) => {
  const row = screen.getByRole('rowheader', { name }).closest('tr')
  if (!row) throw new Error('no row')
  return within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent ?? '')
}

describe('/ overview page', () => {
  it('shows the hand-worked figures of the fixtures', async () => {
    renderApp('/?tz=UTC&from=2026-10-25&to=2026-11-10')
    await screen.findByRole('button', { name: 'Export comparison (CSV)' })
    expect(await screen.findByText(/when the argument check went live/)).toBeVisible()
    // 5 calls before, 23 after; failures 1/5 → 2/23; refusals 12/23; 2 of 8 recovered next round.
    expect(kpi('Calls')).toBe('5 → 23')
    expect(kpi('Failure rate')).toBe('20.0 % → 8.7 %')
    expect(kpi('Refusal rate after')).toBe('52.2 %')
    expect(kpi('Recovered in one round')).toBe('25.0 %')
    // The answer in words comes first, before the filters and the decision controls.
    const answer = screen.getByRole('region', { name: 'The effect in short' })
    expect(answer).toHaveTextContent(
      'Failures fell from 20.0 % before the decision date to 8.7 % after it — within the noise ' +
        'at these numbers; the check refused 52.2 % of the calls after it, and 25.0 % of its 8 ' +
        'argument refusals were corrected in the next round.',
    )
    expect(answer).toHaveAttribute('aria-busy', 'false')
    const filters = screen.getByRole('button', { name: 'Last 7 days' })
    expect(answer.compareDocumentPosition(filters) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Export comparison (CSV)' })).toBeEnabled()
    // The per-tool table is drawn in a commit after the first paint.
    await screen.findByRole('rowheader', { name: /^All 6 tools/ })
    expect(cellsOf(/^All 6 tools/).slice(0, 2)).toEqual(['5', '23'])
    expect(cellsOf(/^update_page_metadata/).slice(0, 2)).toEqual(['2', '10'])
    const saved = screen.getByRole('region', { name: 'What the check saved' })
    expect(within(saved).getByText('approval cards not raised').nextSibling?.textContent).toBe('5')
    expect(within(saved).getByText('questions not asked').nextSibling?.textContent).toBe('1')
    expect(within(saved).getByText('external calls not charged').nextSibling?.textContent).toBe('2')
    expect(within(saved).getByText(/1 refused calls were of tools the catalogue/)).toBeVisible()
    const recovery = screen.getByRole('region', { name: 'Recovery after a refusal' })
    expect(within(recovery).getByText('median corrective rounds').nextSibling?.textContent).toMatch(
      /^1/,
    )
    expect(within(recovery).getByText(/4 never called that tool again/)).toBeVisible()
    // The link behind a count reproduces it on the runs page.
    const link = within(recovery).getByRole('link', { name: '8 argument refusals' })
    expect(link.getAttribute('href')).toContain('outcome=refused-arguments')
    expect(link.getAttribute('href')).toContain('from=2026-11-05')
  })

  it('opens a link without a date range on the days that hold both windows', async () => {
    const { router } = renderApp('/?tz=UTC')
    await screen.findByRole('button', { name: 'Export comparison (CSV)' })
    // 14 days either side of 5 Nov 09:00: 22 Oct 09:00 to 19 Nov 09:00.
    expect(searchOf(router).get('from')).toBe('2026-10-22')
    expect(searchOf(router).get('to')).toBe('2026-11-19')
    expect(searchOf(router).get('preset')).toBe('custom')
    expect(
      screen.getByRole('figure', { name: /Which days each part counts/ }),
    ).toHaveAccessibleName(/count 14 days on each side of the decision inside it/)
    expect(screen.queryByText(/cuts the compared windows/)).toBeNull()
  })

  it('counts what the date range holds of the windows, and widens it in one click', async () => {
    const { router } = renderApp('/?tz=UTC&from=2026-11-03&to=2026-11-20')
    const notice = await screen.findByText(
      'The date range (3 Nov 2026 to 20 Nov 2026) cuts the compared windows to 2.4 days',
    )
    expect(notice.parentElement).toHaveTextContent(
      'The cards and the table count 2.4 days on each side instead of 14 days.',
    )
    expect(screen.getByText(/cut from 14 days to the date range/)).toBeVisible()
    await userEvent.click(
      screen.getByRole('button', { name: 'Show 22 Oct 2026 to 19 Nov 2026 (14 days each side)' }),
    )
    await screen.findByText(/count 14 days on each side of the decision inside it/)
    expect(searchOf(router).get('from')).toBe('2026-10-22')
    expect(searchOf(router).get('to')).toBe('2026-11-19')
    expect(screen.queryByText(/cuts the compared windows/)).toBeNull()
  })

  it('compares nothing when the date range does not reach the decision date, and says so', async () => {
    renderApp('/?tz=UTC&from=2026-11-10&to=2026-11-20')
    expect(
      await screen.findByText(
        'The date range (10 Nov 2026 to 20 Nov 2026) holds no days before or after the decision date',
      ),
    ).toBeVisible()
    expect(screen.queryByRole('list', { name: 'Key figures' })).toBeNull()
    expect(screen.queryByText(/recorded nothing/)).toBeNull()
    expect(screen.getAllByText('none in the date range')).toHaveLength(2)
  })

  it('widens the date range with a longer window, as far as the data goes', async () => {
    const { router } = renderApp('/?tz=UTC&from=2026-10-22&to=2026-11-19')
    await screen.findByRole('button', { name: 'Export comparison (CSV)' })
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Window on each side' }),
      '28',
    )
    // The data ends on 20 Nov 00:00: 14.6 days after the decision, so 14.6 days before it too.
    await screen.findByText(/cut from 28 days to the recorded data/)
    expect(searchOf(router).get('window')).toBe('28')
    expect(searchOf(router).get('from')).toBe('2026-10-21')
    expect(searchOf(router).get('to')).toBe('2026-11-20')
  })

  it('takes the first refused call as the decision date when /meta names none', async () => {
    metaBody = meta(null)
    renderApp('/?tz=UTC&from=2026-10-25&to=2026-11-10')
    expect(await screen.findByText(/the first refused call in the data/)).toBeVisible()
    // The first refusal: run A's first call, 2026-11-06 10:00 UTC.
    expect(screen.getByText('2026-11-06 10:00 (UTC)')).toBeVisible()
  })

  it('says when one side of the decision date holds no data', async () => {
    // Decision after the last recorded step: every fixture run falls into the 28 days before.
    renderApp('/?tz=UTC&since=2026-11-21&window=28')
    expect(await screen.findByText('No data after the decision date')).toBeVisible()
    expect(screen.getByText(/set in this link/)).toBeVisible()
    await screen.findByText(/split at the decision date$/)
    expect(kpi('Calls')).toBe('28 → 0')
    // 3 failures (G, D, F) of 28 calls; nothing after.
    expect(kpi('Failure rate')).toBe('10.7 % → –')
  })

  it('reports a bad since= and window= and falls back', async () => {
    renderApp('/?tz=UTC&since=soon&window=999')
    expect(await screen.findByText(/Ignored since=soon/)).toBeVisible()
    expect(screen.getByText(/Ignored window=999/)).toBeVisible()
    // The notices come from the link at once; the decision controls once the range is set.
    expect(await screen.findByRole('combobox', { name: 'Window on each side' })).toHaveValue('14')
  })

  it('marks figures incomplete when paging breaks, with no export, and resumes', async () => {
    broken = true
    renderApp('/?tz=UTC&from=2026-10-25&to=2026-11-10')
    expect((await screen.findAllByText('Incomplete: 6 of 12 runs')).length).toBeGreaterThan(0)
    await screen.findByRole('button', { name: 'Export comparison (CSV)' })
    expect(screen.getByRole('button', { name: 'Export comparison (CSV)' })).toBeDisabled()
    expect(
      await screen.findByText(/split at the decision date — incomplete: 6 of 12 runs/),
    ).toBeVisible()
    // The answer says it is partial, and how partial, where its numbers are.
    const answer = screen.getByRole('region', { name: 'The effect in short' })
    expect(answer).toHaveAttribute('aria-busy', 'true')
    expect(within(answer).getByText(/^So far \(6 of 12 runs counted\): /)).toBeVisible()
    broken = false
    for (const button of screen.getAllByRole('button', { name: 'Resume' }))
      await userEvent.click(button)
    await screen.findByText(/split at the decision date$/)
    expect(screen.queryByText(/Incomplete/)).toBeNull()
    expect(screen.queryByText(/^So far/)).toBeNull()
    expect(kpi('Calls')).toBe('5 → 23')
  })

  it('marks the chart and the comparison incomplete by the calls that could not be read', async () => {
    const unreadable = (occurredAt: string, over: Record<string, unknown> = {}) => ({
      sequence: 50,
      kind: 'tool',
      round: 1,
      occurredAt,
      listed: false,
      reason: 'its payload is not a JSON object',
      ...over,
    })
    const [first, ...rest] = runs
    const damaged = {
      ...first,
      unreadableSteps: [
        // The range (20 Oct to 19 Nov) holds the 14-day windows (22 Oct 09:00 to 19 Nov 09:00).
        unreadable('2026-11-06T10:00:00Z'), // after the decision
        unreadable('2026-11-15T10:00:00Z', { toolName: 'get_page_content' }), // after
        unreadable('2026-10-23T10:00:00Z'), // before the decision
        unreadable('2026-10-21T10:00:00Z'), // in the range, before the windows: the chart only
        unreadable('2026-11-19T12:00:00Z'), // in the range, after the windows: the chart only
        unreadable('2026-11-06T11:00:00Z', { listed: true }), // listed: counted as its step
        unreadable('2026-11-06T12:00:00Z', { kind: 'tool_write' }),
      ],
    }
    server.use(
      http.get(`${base}/runs`, () =>
        HttpResponse.json({ runs: [damaged, ...rest], nextCursor: null, totalRuns: runs.length }),
      ),
    )
    renderApp('/?tz=UTC&from=2026-10-20&to=2026-11-19')
    const chart = await screen.findByText('Incomplete data: 5 tool calls could not be read')
    expect(chart.parentElement).toHaveTextContent(
      "5 tool calls from 2026-10-20 to 2026-11-19 could not be read from the installation's records (damaged or older payloads); the counts may be low by up to 5.",
    )
    const windows = await screen.findByText('Incomplete data: 3 tool calls could not be read')
    expect(windows.parentElement).toHaveTextContent(
      "3 tool calls in the compared windows could not be read from the installation's records (damaged or older payloads); the counts may be low by up to 3. 1 before the decision date, 2 after.",
    )
    expect(
      await screen.findByText(
        /split at the decision date — incomplete: 3 tool calls could not be read$/,
      ),
    ).toBeVisible()
    // The readable calls are counted as before; the comparison may still be exported.
    expect(kpi('Calls')).toBe('5 → 23')
    expect(screen.getByRole('button', { name: 'Export comparison (CSV)' })).toBeEnabled()
  })

  it('shows an error with Retry when no run can be loaded', async () => {
    server.use(http.get(`${base}/runs`, () => HttpResponse.json({ error: 'x' }, { status: 403 })))
    renderApp('/?tz=UTC')
    expect((await screen.findAllByText('The runs could not be loaded')).length).toBeGreaterThan(0)
    expect(screen.getAllByRole('button', { name: 'Retry' }).length).toBeGreaterThan(0)
  })
})
