import { beforeEach, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { server } from '@/testing/msw-server'
import { renderApp } from '@/testing/render-app'

const base = '/api/diagnostics/v1'
const meta = {
  installation: 'Test',
  privacyLevel: 'metadata',
  earliestAt: '2026-11-01T08:00:00Z',
  latestAt: '2026-11-02T18:00:00Z',
  retentionDays: null,
  argumentCheckSince: null,
}
const tool = (name: string, effect = 'read_only') => ({
  name,
  source: name.startsWith('mcp_') ? 'mcp' : 'builtin',
  server: null,
  group: 'content',
  effect,
  approval: false,
  input: false,
  parameters: { type: 'object', properties: {} },
})
let seq = 0
const call = (toolName: string, at: string, extra: Record<string, unknown> = {}) => ({
  sequence: seq++,
  kind: 'tool',
  round: 1,
  occurredAt: at,
  durationMs: 5,
  toolName,
  toolIsError: false,
  ...extra,
})
const run = (uuid: string, steps: unknown[]) => ({
  uuid,
  status: 'completed',
  configuration: 'page-editor',
  startedAt: '2026-11-01T08:00:00Z',
  finishedAt: '2026-11-01T09:00:00Z',
  terminationReason: 'completed',
  steps,
})

const runs = [
  run('a', [
    call('update_page_metadata', '2026-11-01T08:01:00Z', { toolIsError: true }),
    call('update_page_metadata', '2026-11-01T08:01:30Z', { toolIsError: true, toolDenied: true }),
    call('update_page_metadata', '2026-11-01T08:02:00Z', { toolRefusal: 'arguments' }),
    call('get_page_content', '2026-11-01T08:02:00Z', { toolRefusal: 'turn' }),
    call('mcp_x_<img src=x onerror=alert(1)>', '2026-11-01T08:03:00Z', { toolRefusal: 'budget' }),
  ]),
  run('b', [
    call('get_page_content', '2026-11-02T10:00:00Z'),
    // Outside the range: must not count.
    call('get_page_content', '2026-10-31T23:59:59Z'),
  ]),
]

const happyPath = [
  http.get(`${base}/meta`, () => HttpResponse.json(meta)),
  http.get(`${base}/tools`, () =>
    HttpResponse.json({
      tools: [
        tool('update_page_metadata', 'idempotent_write'),
        { ...tool('get_page_content'), offered: false },
      ],
    }),
  ),
  http.get(`${base}/runs`, ({ request }) => {
    const cursor = new URL(request.url).searchParams.get('cursor')
    if (cursor === null)
      return HttpResponse.json({ runs: [runs[0]], nextCursor: 'p2', totalRuns: 2 })
    return HttpResponse.json({ runs: [runs[1]], nextCursor: null, totalRuns: 2 })
  }),
]
beforeEach(() => server.use(...happyPath))

const cellsOf = (name: string | RegExp) => {
  const row = screen.getByRole('rowheader', { name }).closest('tr')
  if (!row) throw new Error('no row')
  return within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent ?? '')
}

describe('/tools page', () => {
  it('counts by the outcome rule, shows an unknown code as its own column, renders names as text', async () => {
    renderApp('/tools?from=2026-11-01&to=2026-11-02&tz=UTC')
    const table = await screen.findByRole('table')
    expect(within(table).getByRole('columnheader', { name: /Refused: budget/ })).toBeInTheDocument()
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent?.replace(/[▲▼]/g, ''))
    expect(headers).toEqual([
      'Tool',
      'Calls',
      'Succeeded',
      'Failed',
      'Denied',
      'Refused: arguments',
      'Refused: turn',
      'Refused: budget',
      'Failure rate',
      'Refusal rate',
    ])
    // update_page_metadata: 1 failed, 1 denied (not a failure), 1 refused (arguments)
    expect(cellsOf(/^update_page_metadata/).slice(0, 7)).toEqual([
      '3',
      '0',
      '1',
      '1',
      '1',
      '0',
      '0',
    ])
    expect(cellsOf(/^update_page_metadata/)[7]).toMatch(/^33\.3 %/)
    // get_page_content: 1 turn refusal + 1 success in range; the step before the range is not counted
    expect(cellsOf(/^get_page_content/).slice(0, 7)).toEqual(['2', '1', '0', '0', '0', '1', '0'])
    // A tool the CMS no longer offers keeps its row and says so.
    const notOffered = within(screen.getByRole('rowheader', { name: /^get_page_content/ }))
    expect(notOffered.getByText('not offered')).toHaveAttribute(
      'title',
      expect.stringMatching(/^The CMS does not offer this tool/),
    )
    expect(
      within(screen.getByRole('rowheader', { name: /^update_page_metadata/ })).queryByText(
        'not offered',
      ),
    ).toBeNull()
    expect(screen.getByText('mcp_x_<img src=x onerror=alert(1)>')).toBeInTheDocument()
    expect(document.querySelector('img')).toBeNull()
    expect(screen.getAllByText('small sample').length).toBeGreaterThan(0)
    const totals = screen.getByRole('rowheader', { name: 'All 3 tools' }).closest('tr')
    expect(within(totals as HTMLElement).getAllByRole('cell')[0]?.textContent).toBe('6')
  })

  it('exports the tool report in the order on screen', async () => {
    const blobs: Blob[] = []
    const created = URL.createObjectURL
    const revoked = URL.revokeObjectURL
    URL.createObjectURL = (blob: Blob) => {
      blobs.push(blob)
      return 'blob:test'
    }
    URL.revokeObjectURL = () => undefined
    try {
      renderApp('/tools?from=2026-11-01&to=2026-11-02&tz=UTC&sort=tool&dir=desc')
      const table = await screen.findByRole('table')
      const shown = within(table)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent ?? '')
        .filter((name) => !/^All \d+ tools$/.test(name))
      await userEvent.click(screen.getByRole('button', { name: 'Export tool report (CSV)' }))
      const text = await new Promise<string>((resolve) => {
        const reader = new FileReader()
        reader.onload = () => resolve(String(reader.result))
        reader.readAsText(blobs[0] as Blob)
      })
      const exported = text
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n')
        .slice(1)
        .map((line) => line.split(',')[0])
      expect(exported).toEqual([
        'update_page_metadata',
        'mcp_x_<img src=x onerror=alert(1)>',
        'get_page_content',
      ])
      expect(
        shown.map((name) => exported.find((tool) => tool !== undefined && name.startsWith(tool))),
      ).toEqual(exported)
    } finally {
      URL.createObjectURL = created
      URL.revokeObjectURL = revoked
    }
  })

  it('keeps its sort in the URL as the runs list does: sort and dir, replacing the entry', async () => {
    const { router } = renderApp('/tools?from=2026-11-01&to=2026-11-02&tz=UTC&sort=tool&dir=desc')
    const table = await screen.findByRole('table')
    const toolHeader = within(table).getByRole('columnheader', { name: /^Tool/ })
    expect(toolHeader).toHaveAttribute('aria-sort', 'descending')
    const names = () =>
      within(table)
        .getAllByRole('rowheader')
        .map((h) => h.textContent ?? '')
        .filter((t) => !t.startsWith('All '))
    await waitFor(() => expect(names()).toHaveLength(3))
    expect(names()[0]).toMatch(/^update_page_metadata/)
    const entries = router.history.length
    await userEvent.click(within(toolHeader).getByRole('button'))
    expect(router.state.location.search).toMatchObject({ sort: 'tool', dir: 'asc' })
    expect(names()[0]).toMatch(/^get_page_content/)
    await userEvent.click(
      within(within(table).getByRole('columnheader', { name: /^Refused: budget/ })).getByRole(
        'button',
      ),
    )
    expect(router.state.location.search).toMatchObject({ sort: 'refused:budget', dir: 'desc' })
    expect(router.history.length).toBe(entries)
    // Back to most calls first: the URL carries no sort.
    await userEvent.click(
      within(within(table).getByRole('columnheader', { name: /^Calls/ })).getByRole('button'),
    )
    expect(router.state.location.search).not.toHaveProperty('sort')
  })

  it('falls back to most calls first for a hostile sort, saying so', async () => {
    renderApp('/tools?from=2026-11-01&to=2026-11-02&tz=UTC&sort=__proto__&dir=<b>x</b>')
    const table = await screen.findByRole('table')
    expect(within(table).getByRole('columnheader', { name: /^Calls/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    )
    expect(await screen.findByText(/Ignored sort=__proto__ and dir=<b>x<\/b>/)).toBeInTheDocument()
  })

  it('marks figures incomplete when paging breaks, and resumes from the last cursor', async () => {
    let broken = true
    server.use(
      http.get(`${base}/runs`, ({ request }) => {
        const cursor = new URL(request.url).searchParams.get('cursor')
        if (cursor === null)
          return HttpResponse.json({ runs: [runs[0]], nextCursor: 'p2', totalRuns: 2 })
        if (broken) return HttpResponse.json({ error: 'bad_cursor' }, { status: 400 })
        return HttpResponse.json({ runs: [runs[1]], nextCursor: null, totalRuns: 2 })
      }),
    )
    renderApp('/tools?from=2026-11-01&to=2026-11-02&tz=UTC')
    expect(await screen.findByText('Incomplete: 1 of 2 runs')).toBeInTheDocument()
    // The table and exports draw from a deferred copy of the state: they follow the banner.
    expect(await screen.findByRole('button', { name: 'Export tool report (CSV)' })).toBeDisabled()
    broken = false
    await userEvent.click(screen.getByRole('button', { name: 'Resume' }))
    await screen.findByRole('rowheader', { name: 'All 3 tools' })
    expect(screen.queryByText(/Incomplete/)).toBeNull()
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Export tool report (CSV)' })).toBeEnabled(),
    )
  })

  it('filters by a tool the catalogue no longer offers but the runs called', async () => {
    const name = 'mcp_x_<img src=x onerror=alert(1)>'
    renderApp(`/tools?from=2026-11-01&to=2026-11-02&tz=UTC&tool=${encodeURIComponent(name)}`)
    await waitFor(() =>
      expect(screen.getByRole('rowheader', { name: 'Total: 1 tool' })).toBeInTheDocument(),
    )
    expect(
      screen.getByRole('rowheader', {
        name: new RegExp(`^${name.replace(/[()[\]^$.*+?|{}]/g, '\\$&')}`),
      }),
    ).toBeInTheDocument()
    expect(screen.queryByText(/Ignored tool=/)).toBeNull()
  })

  it('shows the figures as incomplete when the installation could not read some calls', async () => {
    const unreadable = (toolName: string | undefined, at: string, listed = false) => ({
      sequence: 40,
      kind: 'tool',
      round: 1,
      occurredAt: at,
      ...(toolName === undefined ? {} : { toolName }),
      listed,
      reason: '"toolIsError": expected boolean, received string',
    })
    const damaged = {
      ...runs[0],
      unreadableSteps: [
        unreadable(undefined, '2026-11-01T08:04:00Z'),
        unreadable('get_page_content', '2026-11-01T08:05:00Z'),
        unreadable('update_page_metadata', '2026-11-02T08:05:00Z'),
        // Listed (counted as its step), and outside the range: neither is missing.
        unreadable('get_page_content', '2026-11-01T08:06:00Z', true),
        unreadable('get_page_content', '2026-11-03T00:00:00Z'),
      ],
    }
    server.use(
      http.get(`${base}/runs`, () =>
        HttpResponse.json({ runs: [damaged, runs[1]], nextCursor: null, totalRuns: 2 }),
      ),
    )
    renderApp('/tools?from=2026-11-01&to=2026-11-02&tz=UTC')
    const notice = await screen.findByText('Incomplete data: 3 tool calls could not be read')
    expect(notice.parentElement).toHaveTextContent(
      "3 tool calls in this range could not be read from the installation's records (damaged or older payloads); the counts may be low by up to 3.",
    )
    expect(
      await screen.findByRole('table', {
        name: /^Tool calls by outcome, .* — incomplete: 3 tools$/,
      }),
    ).toBeInTheDocument()
    // The counted figures are those of the readable calls; the report may still be exported.
    expect(cellsOf(/^get_page_content/).slice(0, 7)).toEqual(['2', '1', '0', '0', '0', '1', '0'])
    expect(screen.getByRole('button', { name: 'Export tool report (CSV)' })).toBeEnabled()
  })

  it('counts only the unreadable calls of the selected tools, and those without a name', async () => {
    const unreadable = (toolName: string | undefined) => ({
      sequence: 40,
      kind: 'tool',
      round: 1,
      occurredAt: '2026-11-01T08:04:00Z',
      ...(toolName === undefined ? {} : { toolName }),
      listed: false,
      reason: 'its payload is not a JSON object',
    })
    const damaged = {
      ...runs[0],
      unreadableSteps: [unreadable(undefined), unreadable('get_page_content'), unreadable('x')],
    }
    server.use(
      http.get(`${base}/runs`, () =>
        HttpResponse.json({ runs: [damaged], nextCursor: null, totalRuns: 1 }),
      ),
    )
    renderApp('/tools?from=2026-11-01&to=2026-11-02&tz=UTC&tool=get_page_content')
    expect(
      await screen.findByText('Incomplete data: 2 tool calls could not be read'),
    ).toBeInTheDocument()
  })

  it('says nothing is missing when every call could be read', async () => {
    renderApp('/tools?from=2026-11-01&to=2026-11-02&tz=UTC')
    expect(
      await screen.findByRole('table', { name: /^Tool calls by outcome, [^—]*: 3 tools$/ }),
    ).toBeInTheDocument()
    expect(screen.queryByText(/could not be read/)).toBeNull()
  })

  it('says what would appear when the range holds no calls', async () => {
    server.use(
      http.get(`${base}/runs`, () =>
        HttpResponse.json({ runs: [], nextCursor: null, totalRuns: 0 }),
      ),
    )
    renderApp('/tools?from=2026-11-01&to=2026-11-02&tz=UTC')
    expect(await screen.findByText('No tool calls in this range')).toBeInTheDocument()
  })
})
