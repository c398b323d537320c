/**
 * The proof of decision 0008: for any filters, the pre-aggregated `/summary` (an independent
 * plain aggregation in the mock, the SQL's stand-in) converted by `fromAggregate` equals folding
 * every `/runs` page of the same query — on the demo installation and its hostile variant.
 */
import fc from 'fast-check'
import { getResponse, type HttpHandler } from 'msw'
import { describe, expect, it } from 'vitest'
import { fastRunsPage, runsPageSchema, summaryResponseSchema } from '@/domain/contract'
import { createScope, emptySummary, foldRuns, fromAggregate } from '@/domain/summary'
import type { ToolSummary } from '@/domain/summary'
import { addDays, type IsoDay } from '@/domain/time'
import { createInstallation, type Installation } from '../installation'
import { createDamagedInstallation } from '../testing/damaged-installation'
import { createHostileInstallation } from '../variants'
import { createHandlers } from './create-handlers'

const BASE = 'http://localhost/api'
const base = createInstallation()
const installations: Record<'demo' | 'hostile' | 'damaged', Installation> = {
  demo: base,
  hostile: createHostileInstallation(base),
  damaged: createDamagedInstallation(base),
}
const handlersOf = (installation: Installation, summaryEndpoint: boolean): HttpHandler[] =>
  createHandlers({ baseUrl: BASE, installation, summaryEndpoint })
const offering = {
  demo: handlersOf(installations.demo, true),
  hostile: handlersOf(installations.hostile, true),
  damaged: handlersOf(installations.damaged, true),
}

async function get(handlers: HttpHandler[], path: string, search: URLSearchParams) {
  const response = await getResponse(handlers, new Request(`${BASE}${path}?${search}`))
  if (response === undefined) throw new Error(`no handler for ${path}`)
  return { status: response.status, text: await response.text(), headers: response.headers }
}

interface Query {
  from: IsoDay
  to: IsoDay
  tz: string
  tools: string[]
}

/** The client's way: every `/runs` page of the query folded into the summary. */
async function folded(handlers: HttpHandler[], q: Query): Promise<ToolSummary> {
  const scope = createScope(q)
  let summary = emptySummary()
  let cursor: string | null = null
  do {
    const search = searchOf(q)
    search.set('limit', '500')
    if (cursor !== null) search.set('cursor', cursor)
    const { status, text } = await get(handlers, '/runs', search)
    expect(status).toBe(200)
    const json: unknown = JSON.parse(text)
    const page = fastRunsPage(json) ?? runsPageSchema.parse(json)
    summary = foldRuns(summary, page.runs, scope)
    cursor = page.nextCursor
  } while (cursor !== null)
  return summary
}

/** The query parameters the client sends for filters: the scope's instants, zone and tools. */
function searchOf(q: Query): URLSearchParams {
  const { buckets } = createScope(q)
  const search = new URLSearchParams({
    from: new Date(buckets.startMs).toISOString(),
    to: new Date(buckets.endMs).toISOString(),
  })
  for (const tool of q.tools) search.append('tool', tool)
  return search
}

/** The endpoint's way: one `/summary` answer, validated and converted. */
async function aggregated(handlers: HttpHandler[], q: Query): Promise<ToolSummary> {
  const search = searchOf(q)
  search.set('tz', q.tz)
  const { status, text } = await get(handlers, '/summary', search)
  expect(status, text).toBe(200)
  return fromAggregate(summaryResponseSchema.parse(JSON.parse(text)))
}

/** Data edges, the decision date, and DST days of the zones below inside the demo's range. */
const ANCHORS: IsoDay[] = [
  '2026-08-30',
  '2026-09-01',
  '2026-09-06', // America/Santiago spring
  '2026-09-27', // Pacific/Chatham spring
  '2026-10-04', // Australia/Lord_Howe spring
  '2026-10-25', // Europe/Berlin autumn
  '2026-11-01', // America/St_Johns, America/New_York autumn
  '2026-11-05',
  '2026-11-28',
]
const ZONES = [
  'Asia/Kathmandu',
  'America/St_Johns',
  'Pacific/Chatham',
  'Australia/Lord_Howe',
  'America/Santiago',
  'Europe/Berlin',
  'UTC',
]

const queryArb = (tools: readonly string[]): fc.Arbitrary<Query> =>
  fc
    .record({
      anchor: fc.constantFrom(...ANCHORS),
      shift: fc.integer({ min: -2, max: 1 }),
      days: fc.oneof(fc.integer({ min: 0, max: 6 }), fc.integer({ min: 7, max: 95 })),
      tz: fc.constantFrom(...ZONES),
      tools: fc.oneof(
        fc.constant<string[]>([]),
        fc.subarray([...tools], { minLength: 1, maxLength: 4 }),
        fc.constant<string[]>(['no_such_tool']),
      ),
    })
    .map(({ anchor, shift, days, tz, tools: picked }) => {
      const from = addDays(anchor, shift)
      return { from, to: addDays(from, days), tz, tools: picked }
    })

describe('GET /summary equals folding /runs', () => {
  it.each(['demo', 'hostile', 'damaged'] as const)(
    '%s installation: random ranges, zones and tools',
    async (name) => {
      const handlers = offering[name]
      // A name with a lone surrogate cannot travel in a URL (it arrives as U+FFFD), so no API
      // can filter by it; the fold would still select it by its raw name. Not a query to compare.
      const tools = installations[name].tools
        .map((tool) => tool.name)
        .filter((tool) => tool.isWellFormed())
      await fc.assert(
        fc.asyncProperty(queryArb(tools), async (q) => {
          const expected = await folded(handlers, q)
          expect(await aggregated(handlers, q)).toEqual(expected)
        }),
        { numRuns: 30 },
      )
    },
  )

  it('counts everything the demo holds in one zone, unknown values included (hostile)', async () => {
    const q = { from: '2026-08-31', to: '2026-11-29', tz: 'Asia/Kathmandu', tools: [] }
    const summary = await aggregated(offering.hostile, q)
    expect(summary).toEqual(await folded(offering.hostile, q))
    const everyRun = base.queryRuns({ from: null, to: null, tools: [] }, null, base.runCount).runs
    // Every run with a step: a run without steps never matches a range (nor is it counted).
    expect(summary.runs).toBe(everyRun.filter((run) => run.steps.length > 0).length)
    expect(summary.runs).toBeGreaterThan(500)
    expect(summary.unknownRefusalCodes.length).toBeGreaterThan(0)
    expect(summary.unknownRunStatuses.length).toBeGreaterThan(0)
  })

  it('counts the tool calls it could not read alike, with and without a tool filter (damaged)', async () => {
    const whole = { from: '2026-08-31', to: '2026-11-29', tz: 'Europe/Berlin', tools: [] }
    const summary = await aggregated(offering.damaged, whole)
    expect(summary).toEqual(await folded(offering.damaged, whole))
    expect(summary.unreadableToolSteps).toBeGreaterThan(50)
    // A tool filter keeps the calls whose name could not be read, drops those of other tools.
    const one = { ...whole, tools: ['update_page_metadata'] }
    const picked = await aggregated(offering.damaged, one)
    expect(picked).toEqual(await folded(offering.damaged, one))
    expect(picked.unreadableToolSteps).toBeGreaterThan(0)
    expect(picked.unreadableToolSteps).toBeLessThan(summary.unreadableToolSteps)
    // The undamaged demo sends no count at all.
    const search = searchOf(whole)
    search.set('tz', whole.tz)
    const { text } = await get(offering.demo, '/summary', search)
    expect(JSON.parse(text)).not.toHaveProperty('unreadableToolSteps')
  })
})

describe('GET /summary as the mock serves it', () => {
  const q = { from: '2026-11-01', to: '2026-11-07', tz: 'Europe/Berlin', tools: [] }

  it('answers 404 unless the installation offers it', async () => {
    const search = searchOf(q)
    search.set('tz', q.tz)
    const { status, text } = await get(handlersOf(base, false), '/summary', search)
    expect(status).toBe(404)
    expect(JSON.parse(text)).toMatchObject({ error: 'not_found' })
  })

  it('echoes the query and may be cached privately for a minute', async () => {
    const search = searchOf({ ...q, tools: ['get_pagetree', 'update_page_metadata'] })
    search.set('tz', q.tz)
    const { text, headers } = await get(offering.demo, '/summary', search)
    const body = summaryResponseSchema.parse(JSON.parse(text))
    expect(body).toMatchObject({
      from: search.get('from'),
      to: search.get('to'),
      tz: 'Europe/Berlin',
      tools: ['get_pagetree', 'update_page_metadata'],
    })
    expect(new Set(body.rows.map((row) => row.tool))).toEqual(
      new Set(['get_pagetree', 'update_page_metadata']),
    )
    expect(headers.get('cache-control')).toBe('private, max-age=60')
  })

  it.each([
    ['without from', 'to=2026-11-02T00:00:00Z&tz=UTC'],
    ['without tz', 'from=2026-11-01T00:00:00Z&to=2026-11-02T00:00:00Z'],
    ['with an unknown zone', 'from=2026-11-01T00:00:00Z&to=2026-11-02T00:00:00Z&tz=Mars/Base'],
    ['with an offset as zone', 'from=2026-11-01T00:00:00Z&to=2026-11-02T00:00:00Z&tz=%2B01:00'],
    ['with from after to', 'from=2026-11-03T00:00:00Z&to=2026-11-02T00:00:00Z&tz=UTC'],
    ['with a day as from', 'from=2026-11-01&to=2026-11-02T00:00:00Z&tz=UTC'],
    ['with tz twice', 'from=2026-11-01T00:00:00Z&to=2026-11-02T00:00:00Z&tz=UTC&tz=UTC'],
  ])('answers 400 %s', async (_label, query) => {
    const { status, text } = await get(offering.demo, '/summary', new URLSearchParams(query))
    expect(status).toBe(400)
    expect(JSON.parse(text)).toMatchObject({ error: 'bad_request' })
  })
})
