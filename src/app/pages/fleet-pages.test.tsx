/**
 * The dashboard on a server over many installations: the picker lists them, "all" shows the
 * report summed with one row per installation (and its CSV), a picked one is asked under its
 * own base and kept in the URL and the navigation's links; a server of one ignores the name.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { server } from '@/testing/msw-server'
import { renderApp } from '@/testing/render-app'
import type { MockMeta, MockRun } from '@/mocks/installation'
import { createHandlers } from '@/mocks/handlers'
import { createListedInstallation } from '@/mocks/variants'

const base = '/api/diagnostics/v1'
const meta = (installation: string): MockMeta => ({
  installation,
  privacyLevel: 'metadata',
  earliestAt: '2026-11-01T08:00:00Z',
  latestAt: '2026-11-02T18:00:00Z',
  retentionDays: null,
  argumentCheckSince: null,
})
let seq = 0
const call = (toolName: string, at: string, extra: Record<string, unknown> = {}) => ({
  sequence: seq++,
  kind: 'tool' as const,
  round: 1,
  occurredAt: at,
  durationMs: 5,
  toolName,
  toolIsError: false,
  ...extra,
})
const run = (uuid: string, steps: MockRun['steps']): MockRun => ({
  uuid,
  status: 'completed',
  configuration: 'page-editor',
  startedAt: '2026-11-01T08:00:00Z',
  finishedAt: '2026-11-01T09:00:00Z',
  terminationReason: 'completed',
  steps,
})

const runsA = [
  run('a1', [
    call('update_page_metadata', '2026-11-01T08:01:00Z', { toolIsError: true }),
    call('update_page_metadata', '2026-11-01T08:02:00Z', { toolRefusal: 'arguments' }),
  ]),
  run('a2', [call('get_page_content', '2026-11-02T10:00:00Z')]),
]
const runsB = [
  run('b1', [
    call('get_page_content', '2026-11-01T12:00:00Z', { toolRefusal: 'turn' }),
    call('get_page_content', '2026-11-01T12:00:01Z', { toolRefusal: 'budget' }),
    call('get_page_content', '2026-11-01T12:00:02Z'),
  ]),
]
// The CMS's own name of b is hostile: it is shown as text.
const B_NAME = '<img src=x onerror=alert(1)>'
const a = createListedInstallation({ meta: meta('Site A'), tools: [], runs: runsA })
const b = createListedInstallation({ meta: meta(B_NAME), tools: [], runs: runsB })
const all = createListedInstallation({ meta: meta('All'), tools: [], runs: [...runsA, ...runsB] })
const listed = [
  { name: 'site-a', installation: 'Site A', exportedAt: '2026-11-03T00:00:00Z' },
  { name: 'site-b', installation: B_NAME, exportedAt: '2026-11-03T00:00:00Z' },
]

const REPORT = '/tools?from=2026-11-01&to=2026-11-02&tz=UTC'

let asked: URL[] = []
beforeEach(() => {
  asked = []
  server.use(
    http.get(`${base}/meta`, () =>
      HttpResponse.json({ ...meta('All installations (2)'), installations: 2 }),
    ),
    http.get(`${base}/installations`, () => HttpResponse.json({ installations: listed })),
    ...createHandlers({
      baseUrl: `${base}/installations/site-a`,
      installation: a,
      summaryEndpoint: true,
    }),
    ...createHandlers({
      baseUrl: `${base}/installations/site-b`,
      installation: b,
      summaryEndpoint: true,
    }),
    ...createHandlers({ baseUrl: base, installation: all, summaryEndpoint: true }),
  )
  server.events.on('request:start', ({ request }) => asked.push(new URL(request.url)))
})
afterEach(() => server.events.removeAllListeners())

const picker = () => screen.getByRole('combobox', { name: 'Installation' })
const breakdown = () => screen.getByRole('table', { name: /each installation/ })
const cellsOf = (name: string) => {
  const header = within(breakdown()).getByRole('rowheader', { name: new RegExp(`^${name}`) })
  return within(header.closest('tr') as HTMLElement)
    .getAllByRole('cell')
    .map((cell) => cell.textContent)
}

describe('a server over many installations', () => {
  it('offers every installation, and shows all of them with one row each', async () => {
    renderApp(REPORT)
    await waitFor(() =>
      expect(within(breakdown()).queryByText('Counting…')).not.toBeInTheDocument(),
    )
    const options = within(picker()).getAllByRole('option')
    expect(options.map((option) => option.textContent)).toEqual([
      'All installations (2)',
      'site-a — Site A',
      `site-b — ${B_NAME}`,
    ])
    expect(picker()).toHaveValue('')
    expect(document.querySelector('img')).toBeNull()
    // Runs, calls, failed, refused arguments, turn, other, denied.
    expect(cellsOf('site-a').slice(0, 7)).toEqual(['2', '3', '1', '1', '0', '0', '0'])
    expect(cellsOf('site-b').slice(0, 7)).toEqual(['1', '3', '0', '0', '1', '1', '0'])
    // The report of all of them may draw after the rows of each (its own load).
    const totals = (await screen.findByRole('rowheader', { name: /^All \d tools$/ })).closest('tr')
    expect(within(totals as HTMLElement).getAllByRole('cell')[0]?.textContent).toBe('6')
    // Each row is that installation's own count, asked under its own base.
    expect(asked.some((url) => url.pathname.startsWith(`${base}/installations/site-b/`))).toBe(true)
  })

  it('exports the breakdown as CSV, names as text', async () => {
    const blobs: Blob[] = []
    const { createObjectURL, revokeObjectURL } = URL
    URL.createObjectURL = (blob: Blob) => {
      blobs.push(blob)
      return 'blob:test'
    }
    URL.revokeObjectURL = () => undefined
    try {
      renderApp(REPORT)
      const button = await screen.findByRole('button', { name: 'Export by installation (CSV)' })
      await waitFor(() => expect(button).toBeEnabled())
      await userEvent.click(button)
      const text = await new Promise<string>((resolve) => {
        const reader = new FileReader()
        reader.onload = () => resolve(String(reader.result))
        reader.readAsText(blobs[0] as Blob)
      })
      const lines = text
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n')
      expect(lines[0]).toBe(
        'installation,cms_name,runs,calls,succeeded,failed,denied,refused_arguments,refused_turn,refused_other,failure_rate,refusal_rate,from,to,timezone,tools',
      )
      expect(lines.slice(1)).toEqual([
        'site-a,Site A,2,3,1,1,0,1,0,0,0.3333,0.3333,2026-11-01,2026-11-02,UTC,',
        `site-b,${B_NAME},1,3,1,0,0,0,1,1,0.0000,0.6667,2026-11-01,2026-11-02,UTC,`,
      ])
    } finally {
      URL.createObjectURL = createObjectURL
      URL.revokeObjectURL = revokeObjectURL
    }
  })

  it('asks a picked installation under its own base, and keeps it in the URL and the links', async () => {
    const { router } = renderApp(REPORT)
    await screen.findByRole('table', { name: /each installation/ })
    await userEvent.selectOptions(picker(), 'site-b')
    expect(router.state.location.search).toMatchObject({ installation: 'site-b' })
    await waitFor(() => expect(screen.getByTitle(B_NAME)).toBeVisible())
    expect(screen.queryByRole('table', { name: /each installation/ })).toBeNull()
    const totals = await screen.findByRole('rowheader', { name: /^All \d tools$|^Total: 1 tool$/ })
    expect(within(totals.closest('tr') as HTMLElement).getAllByRole('cell')[0]?.textContent).toBe(
      '3',
    )
    expect(asked.some((url) => url.pathname === `${base}/installations/site-b/meta`)).toBe(true)
    const runsLink = screen.getByRole('link', { name: 'Runs' })
    expect(runsLink.getAttribute('href')).toContain('installation=site-b')
    await userEvent.selectOptions(picker(), '')
    expect(router.state.location.search).not.toHaveProperty('installation')
  })

  it('lists runs one installation at a time, the filters kept', async () => {
    const { router } = renderApp('/runs?from=2026-11-01&to=2026-11-02&tz=UTC')
    const heading = await screen.findByText('Runs are listed one installation at a time')
    const note = heading.closest('div') as HTMLElement
    expect(note.textContent).toContain(`site-b — ${B_NAME}`)
    expect(within(note).queryByRole('img')).toBeNull()
    await userEvent.click(within(note).getByRole('link', { name: 'site-b' }))
    expect(router.state.location.search).toMatchObject({
      installation: 'site-b',
      from: '2026-11-01',
      tz: 'UTC',
    })
    await waitFor(() =>
      expect(document.querySelector('main')?.textContent).toContain('1 run holding 3 tool calls'),
    )
  })

  it('says when a link names an installation the server does not list', async () => {
    renderApp(`${REPORT}&installation=site-z`)
    expect(
      await screen.findByText(
        "Ignored installation=site-z: not one of this server's installations",
      ),
    ).toBeVisible()
    expect(picker()).toHaveValue('')
  })
})

describe('a server of one installation', () => {
  it('ignores an installation in the link, and says so', async () => {
    server.use(
      http.get(`${base}/meta`, () => HttpResponse.json(meta('Site A'))),
      http.get(`${base}/installations`, () =>
        HttpResponse.json({ error: 'not_found', message: 'No such endpoint' }, { status: 404 }),
      ),
      ...createHandlers({ baseUrl: base, installation: a, summaryEndpoint: true }),
    )
    renderApp(`${REPORT}&installation=site-a`)
    expect(
      await screen.findByText('Ignored installation=site-a: this server holds one installation'),
    ).toBeVisible()
    expect(screen.queryByRole('combobox', { name: 'Installation' })).toBeNull()
    expect(await screen.findByRole('rowheader', { name: /^All \d tools$/ })).toBeVisible()
  })
})
