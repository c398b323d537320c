/**
 * One contract suite, asked of the MSW mock and of the server on every engine: the same
 * questions get the same answers (status and body). The mock serves the demo installation as
 * the CMS records it (`asRecorded`: whole seconds, stored durations, no null `toolRefusal`,
 * sequence numbers that count the `tool_write` rows); the server reads the same installation
 * seeded into the CMS's tables.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHandlers } from '../mocks/handlers'
import { createInstallation, type MockRun } from '../mocks/installation'
import { createListedInstallation, stepExtent } from '../mocks/variants'
import { asRecorded } from './seed/as-recorded'
import { allPages, askHandlers, askServer, type Answer } from './testing/ask'
import { testEngines } from './testing/engines'
import { serveSeeded, type SeededServer } from './testing/serve-seeded'

const installation = createInstallation()
const everyRun: MockRun[] = []
for (let after: string | null = null, first = true; first || after !== null; first = false) {
  const slice = installation.queryRuns({ from: null, to: null, tools: [] }, after, 500)
  everyRun.push(...slice.runs)
  after = slice.continueAfter?.uuid ?? null
}
const recorded = everyRun.map(asRecorded)
const MOCK_BASE = 'http://mock.test/api/diagnostics/v1'
const mock = askHandlers(
  createHandlers({
    baseUrl: MOCK_BASE,
    summaryEndpoint: true,
    installation: createListedInstallation({
      meta: { ...installation.meta, ...stepExtent(recorded) },
      tools: installation.tools,
      runs: recorded,
    }),
  }),
  MOCK_BASE,
)

const newest = recorded[0]?.uuid ?? ''
const queued = recorded.find((run) => run.status === 'queued')?.uuid ?? newest
const written =
  recorded.find((run) => run.steps.some((s) => s.writeTarget !== undefined))?.uuid ?? ''
const summary = (from: string, to: string, tz: string, tools: string[] = []) =>
  `/summary?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}&tz=${encodeURIComponent(tz)}${tools
    .map((tool) => `&tool=${encodeURIComponent(tool)}`)
    .join('')}`

/** Questions answered by one request. */
const SINGLE = [
  '/meta',
  '/tools',
  `/runs/${newest}`,
  `/runs/${queued}`,
  `/runs/${written}`,
  '/runs/00000000-0000-4000-8000-000000000000',
  '/runs/%E2%80%AEnot-a-run',
  '/runs?from=yesterday',
  '/runs?from=2026-11-05T00:00:00Z&to=2026-11-04T00:00:00Z',
  '/runs?from=2026-11-05T00:00:00Z&from=2026-11-06T00:00:00Z',
  '/runs?limit=0',
  '/runs?limit=501',
  '/runs?limit=2.5',
  '/runs?cursor=not-a-cursor',
  '/summary?from=2026-11-01T00:00:00Z&to=2026-11-08T00:00:00Z',
  '/summary?from=2026-11-01T00:00:00Z&to=2026-11-08T00:00:00Z&tz=Mars/Olympus',
  '/summary?from=2026-11-08T00:00:00Z&to=2026-11-01T00:00:00Z&tz=UTC',
  summary('2026-09-01T00:00:00Z', '2026-11-04T00:00:00Z', 'UTC'),
  summary('2026-10-31T18:30:00Z', '2026-11-07T18:30:00Z', 'Asia/Kolkata'),
  summary('2026-09-26T11:15:00Z', '2026-10-10T11:00:00Z', 'Pacific/Chatham'),
  summary('2026-10-25T04:00:00Z', '2026-11-08T05:00:00Z', 'America/New_York'),
  summary('2026-10-20T22:00:00Z', '2026-10-30T23:00:00Z', 'Europe/Berlin'),
  summary('2026-09-30T13:30:00Z', '2026-10-10T13:00:00Z', 'Australia/Lord_Howe'),
  summary('2026-08-01T00:00:00Z', '2026-12-01T00:00:00Z', 'UTC', ['update_page_metadata']),
  summary('2026-11-02T10:17:23.456Z', '2026-11-06T09:00:00.5+01:00', 'Asia/Kathmandu', [
    'update_page_metadata',
    'mcp_dam_search_assets',
    'no_such_tool',
  ]),
  summary('2026-11-10T00:00:00Z', '2026-11-10T00:00:01Z', 'UTC'),
]

/** Questions whose every page (by cursor) is compared. */
const PAGED = [
  '/runs',
  '/runs?limit=7',
  '/runs?from=2026-11-03T00:00:00Z&to=2026-11-06T00:00:00Z&limit=50',
  '/runs?from=2026-11-03T12:34:56.789Z&limit=100',
  '/runs?to=2026-09-03T10:00:00%2B02:00',
  '/runs?tool=ask_choice&limit=30',
  '/runs?from=2026-10-01T00:00:00Z&to=2026-11-01T00:00:00Z&tool=update_page_metadata&tool=mcp_dam_search_assets',
  '/runs?tool=no_such_tool',
]

const engines = await testEngines()

describe('the mock answers the contract questions', () => {
  it('with runs, refusals and every outcome in the data', async () => {
    const answer = await mock(summary('2026-09-01T00:00:00Z', '2026-12-01T00:00:00Z', 'UTC'))
    expect(answer.status).toBe(200)
    const rows = (answer.body as { rows: { outcome: string }[] }).rows
    expect(new Set(rows.map((row) => row.outcome))).toEqual(
      new Set(['succeeded', 'failed', 'denied', 'refused']),
    )
    expect(written).not.toBe('')
  })
})

describe.each(engines)('the server on %s', (engine) => {
  let served: SeededServer
  let server: (path: string) => Promise<Answer>
  beforeAll(async () => {
    served = await serveSeeded(engine, installation)
    server = askServer(served.base)
  }, 120_000)
  afterAll(async () => served?.stop())

  it.each(SINGLE)('answers %s as the mock does', async (path) => {
    const [mine, theirs] = await Promise.all([server(path), mock(path)])
    expect(mine).toEqual(theirs)
  })

  it.each(PAGED)('pages %s as the mock does', async (path) => {
    const [mine, theirs] = await Promise.all([allPages(server, path), allPages(mock, path)])
    expect(mine.length).toBeGreaterThan(0)
    expect(mine).toEqual(theirs)
  })
})
