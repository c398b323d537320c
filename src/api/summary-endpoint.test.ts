import { describe, expect, it } from 'vitest'
import { http, HttpResponse, type JsonBodyType } from 'msw'
import { server } from '@/testing/msw-server'
import { ContractError, HttpError } from './errors'
import { fetchToolSummary } from './summary-endpoint'
import { createScope, emptySummary, foldRuns } from '../domain/summary'
import { createHandlers } from '../mocks/handlers'
import { createInstallation } from '../mocks/installation'
import { fetchAllRuns } from '../mocks/testing/fetch-all-runs'

const base = '/api/diagnostics/v1'
const config = { baseUrl: base }

const query = {
  from: '2026-10-31T23:00:00.000Z',
  to: '2026-11-02T23:00:00.000Z',
  tz: 'Europe/Berlin',
  tool: ['create_page', 'get_tca'],
}

const body = (over: Record<string, unknown> = {}) => ({
  from: '2026-11-01T00:00:00+01:00',
  to: '2026-11-02T23:00:00Z',
  tz: 'Europe/Berlin',
  tools: ['get_tca', 'create_page'],
  runs: 3,
  runsWithCalls: 2,
  runsWithRefusal: 1,
  runsWithFailure: 0,
  runsByStatus: [{ status: 'completed', runs: 3 }],
  rows: [
    { day: '2026-11-01', tool: 'create_page', outcome: 'succeeded', code: null, calls: 4 },
    { day: '2026-11-02', tool: 'get_tca', outcome: 'refused', code: 'arguments', calls: 1 },
  ],
  stepKinds: ['llm', 'tool'],
  ...over,
})

const answer = (json: JsonBodyType, status = 200) =>
  server.use(http.get(`${base}/summary`, () => HttpResponse.json(json, { status })))

const run = (q = query) => fetchToolSummary(config, q, new AbortController().signal)

describe('fetchToolSummary', () => {
  it('sends the query and converts the body into a tool summary', async () => {
    let seen: URLSearchParams | null = null
    server.use(
      http.get(`${base}/summary`, ({ request }) => {
        seen = new URL(request.url).searchParams
        return HttpResponse.json(body())
      }),
    )
    const summary = await run()
    expect(seen).not.toBeNull()
    const params = seen ?? new URLSearchParams()
    expect(params.get('from')).toBe(query.from)
    expect(params.get('to')).toBe(query.to)
    expect(params.get('tz')).toBe('Europe/Berlin')
    expect(params.getAll('tool')).toEqual(['create_page', 'get_tca'])
    expect(summary).toEqual({
      ...emptySummary(),
      runs: 3,
      runsWithCalls: 2,
      runsWithRefusal: 1,
      runsByStatus: { completed: 3 },
      byTool: { create_page: { succeeded: 4 }, get_tca: { 'refused:arguments': 1 } },
      byDay: { '2026-11-01': { succeeded: 4 }, '2026-11-02': { 'refused:arguments': 1 } },
    })
  })

  it('sends no tool parameter for every tool', async () => {
    let tools: string[] = ['unset']
    server.use(
      http.get(`${base}/summary`, ({ request }) => {
        tools = new URL(request.url).searchParams.getAll('tool')
        return HttpResponse.json(body({ tools: [] }))
      }),
    )
    await run({ ...query, tool: [] })
    expect(tools).toEqual([])
  })

  it.each([
    ['404 with an error body', () => answer({ error: 'not_found', message: 'No.' }, 404)],
    [
      '404 with an HTML page',
      () =>
        server.use(
          http.get(`${base}/summary`, () =>
            HttpResponse.html('<h1>Not found</h1>', { status: 404 }),
          ),
        ),
    ],
    ['405', () => answer({ error: 'method_not_allowed' }, 405)],
    ['501', () => answer({ error: 'not_implemented' }, 501)],
  ])('answers not-offered for %s', async (_label, setUp) => {
    setUp()
    await expect(run()).resolves.toBe('not-offered')
  })

  it.each([500, 503, 403, 400])('throws an HttpError for %i', async (status) => {
    answer({ error: 'x', message: 'Went wrong.' }, status)
    const error = await run().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(HttpError)
    expect(error).toMatchObject({ status, endpoint: '/summary', serverMessage: 'Went wrong.' })
  })

  it.each([
    [
      'a refused group without its code',
      body({ rows: [{ ...body().rows[1], code: null }] }),
      'rows[0].code',
    ],
    [
      'a day that is no date',
      body({ rows: [{ ...body().rows[0], day: '2026-02-30' }] }),
      'rows[0].day',
    ],
    ['a negative count', body({ runsWithCalls: -1 }), 'runsWithCalls'],
    ['another zone than asked for', body({ tz: 'UTC' }), 'tz'],
    ['another range than asked for', body({ to: '2026-11-03T00:00:00Z' }), 'to'],
    ['other tools than asked for', body({ tools: ['create_page'] }), 'tools'],
    [
      'a day before the range (in the asked zone)',
      body({ rows: [body().rows[0], { ...body().rows[1], day: '2026-10-31' }] }),
      'rows[1].day',
    ],
    [
      'a day after the range (to is exclusive)',
      body({ rows: [{ ...body().rows[0], day: '2026-11-03' }] }),
      'rows[0].day',
    ],
    [
      'calls of a tool not asked for',
      body({ rows: [{ ...body().rows[0], tool: 'delete_page' }] }),
      'rows[0].tool',
    ],
    [
      'more runs with calls than runs',
      body({ runs: 1, runsByStatus: [{ status: 'completed', runs: 1 }] }),
      'runsWithCalls',
    ],
    [
      'runs by status that do not add up to runs',
      body({ runsByStatus: [{ status: 'completed', runs: 2 }] }),
      'runsByStatus',
    ],
    [
      'calls in runs it says had none',
      body({ runsWithCalls: 0, runsWithRefusal: 0 }),
      'runsWithCalls',
    ],
  ])('throws a ContractError for %s', async (_label, json, path) => {
    answer(json)
    const error = await run().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ContractError)
    expect(error).toMatchObject({ endpoint: '/summary', path })
  })

  it('accepts every day of the range, with any tool when every tool was asked for', async () => {
    const rows = [
      { day: '2026-11-01', tool: '__proto__', outcome: 'succeeded', code: null, calls: 1 },
      { day: '2026-11-02', tool: 'constructor', outcome: 'failed', code: null, calls: 2 },
    ]
    answer(body({ tools: [], rows, runsWithFailure: 1, runsWithRefusal: 0 }))
    const summary = await run({ ...query, tool: [] })
    expect(summary === 'not-offered' ? null : Object.keys(summary.byTool)).toEqual([
      '__proto__',
      'constructor',
    ])
  })

  it('throws a ContractError for a body that is not JSON', async () => {
    server.use(http.get(`${base}/summary`, () => HttpResponse.text('<html>', { status: 200 })))
    await expect(run()).rejects.toBeInstanceOf(ContractError)
  })

  it("rethrows the caller's abort", async () => {
    answer(body())
    const controller = new AbortController()
    const reason = new Error('left the page')
    controller.abort(reason)
    await expect(fetchToolSummary(config, query, controller.signal)).rejects.toBe(reason)
  })
})

describe('fetchToolSummary against the mock installation', () => {
  const installation = createInstallation()
  const filters = { from: '2026-10-30', to: '2026-11-06', tz: 'America/St_Johns', tools: [] }
  const scope = createScope(filters)
  const q = {
    from: new Date(scope.buckets.startMs).toISOString(),
    to: new Date(scope.buckets.endMs).toISOString(),
    tz: filters.tz,
    tool: [],
  }

  it('equals folding every /runs page when offered', async () => {
    server.use(...createHandlers({ baseUrl: base, installation, summaryEndpoint: true }))
    const { runs } = await fetchAllRuns(new URLSearchParams({ from: q.from, to: q.to }))
    const summary = await run(q)
    expect(summary).toEqual(foldRuns(emptySummary(), runs, scope))
    expect(summary === 'not-offered' ? 0 : summary.runs).toBeGreaterThan(0)
  })

  it('is not offered by default', async () => {
    server.use(...createHandlers({ baseUrl: base, installation }))
    await expect(run(q)).resolves.toBe('not-offered')
  })
})
