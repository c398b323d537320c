import { describe, expect, it } from 'vitest'
import { http, HttpResponse, type HttpHandler } from 'msw'
import { server } from '@/testing/msw-server'
import { COUNTING } from '@/domain/contract'
import type { RunsSummary } from '@/domain/runs'
import { createScope, narrowScope, type SummaryScope } from '@/domain/summary'
import { createHandlers } from '@/mocks/handlers'
import { createHostileInstallation } from '@/mocks/variants'
import { folderFor } from './folder-specs'
import type { LoadState } from './load-all-runs'
import { InThreadRunner } from './in-thread-runner'

const installation = createHostileInstallation()
const filters = { from: '2026-10-20', to: '2026-11-20', tz: 'Asia/Kathmandu', tools: [] }
let ids = 0

/** Runs a runs-list job to its end, with the paths each request asked. */
async function run(
  runner: InThreadRunner,
  baseUrl: string,
  offered: boolean,
  scope: SummaryScope = createScope(filters),
  ...overrides: HttpHandler[]
) {
  const asked: string[] = []
  server.use(...createHandlers({ baseUrl, installation, summaryEndpoint: offered }))
  server.use(...overrides)
  server.events.on('request:start', ({ request }) => asked.push(new URL(request.url).pathname))
  const states: LoadState<RunsSummary>[] = []
  await runner.start(
    { id: ++ids, config: { baseUrl }, spec: { kind: 'runs-list', scope }, resumeFrom: null },
    (state) => states.push(state as LoadState<RunsSummary>),
  )
  server.events.removeAllListeners()
  return { last: states.at(-1), states, asked }
}

const byUuid = (summary: RunsSummary | undefined) =>
  [...(summary?.rows ?? [])].sort((a, b) => (a.uuid < b.uuid ? -1 : a.uuid > b.uuid ? 1 : 0))

describe('the runs list from the server’s /run-rows', () => {
  it.each([
    ['every tool', createScope(filters)],
    [
      'two tools with hostile names',
      createScope({ ...filters, tools: installation.tools.slice(0, 2).map((tool) => tool.name) }),
    ],
    [
      'a window inside the days',
      narrowScope(createScope(filters), {
        startMs: Date.parse('2026-11-02T10:15:00Z'),
        endMs: Date.parse('2026-11-09T00:00:00Z'),
      }),
    ],
  ])('gives the rows folding /runs gives, for %s, without asking /runs', async (_, scope) => {
    const folded = await run(new InThreadRunner(folderFor, false), '/a', true, scope)
    const counted = await run(new InThreadRunner(folderFor, true), '/a', true, scope)
    expect(counted.asked.every((path) => path === '/a/run-rows')).toBe(true)
    expect(counted.last?.status).toBe('done')
    expect(counted.last?.counted).toBe('server')
    expect(folded.last?.counted).toBeUndefined()
    expect(counted.last?.loadedRuns).toBe(folded.last?.loadedRuns)
    expect(byUuid(counted.last?.summary)).toEqual(byUuid(folded.last?.summary))
    expect(counted.last?.summary.unknownRunStatuses).toEqual(
      folded.last?.summary.unknownRunStatuses,
    )
    expect(folded.last?.summary.rows.length).toBeGreaterThan(0)
  })

  it('folds /runs when /run-rows is not offered, and does not ask that API again', async () => {
    const runner = new InThreadRunner(folderFor, true)
    const first = await run(runner, '/b', false)
    expect(first.asked[0]).toBe('/b/run-rows')
    expect(first.asked.slice(1).every((path) => path === '/b/runs')).toBe(true)
    expect(first.last?.status).toBe('done')
    // The refusal never shows: no state of the load carried an error.
    expect(first.states.every((state) => state.error === null)).toBe(true)
    const second = await run(runner, '/b', false)
    expect(second.asked.includes('/b/run-rows')).toBe(false)
    expect(byUuid(second.last?.summary)).toEqual(byUuid(first.last?.summary))
  })

  it('folds /runs, and says why, while the server counts the installation for the first time', async () => {
    const counting = http.get('/c/run-rows', () =>
      HttpResponse.json(
        { error: COUNTING, message: 'counting', progress: 0.41 },
        { status: 503, headers: { 'Retry-After': '5' } },
      ),
    )
    const runner = new InThreadRunner(folderFor, true)
    const first = await run(runner, '/c', true, createScope(filters), counting)
    expect(first.asked[0]).toBe('/c/run-rows')
    expect(first.asked.slice(1).every((path) => path === '/c/runs')).toBe(true)
    expect(first.last?.status).toBe('done')
    expect(first.last?.foldedHere).toMatch(/counting this installation for the first time \(41 %\)/)
    // Asked again next time: the count ends.
    const second = await run(runner, '/c', true)
    expect(second.asked.every((path) => path === '/c/run-rows')).toBe(true)
  })

  it('does not ask /run-rows for a range off the quarter hour', async () => {
    const scope = narrowScope(createScope(filters), {
      startMs: Date.parse('2026-11-02T10:07:00Z'),
      endMs: Date.parse('2026-11-09T00:00:00Z'),
    })
    const counted = await run(new InThreadRunner(folderFor, true), '/d', true, scope)
    expect(counted.asked.includes('/d/run-rows')).toBe(false)
    expect(counted.last?.status).toBe('done')
  })

  it('ends partial when a later page is refused, and a resumed load continues /run-rows', async () => {
    const asked: string[] = []
    let refuse = true
    server.use(
      http.get('/e/run-rows', ({ request }) => {
        const cursor = new URL(request.url).searchParams.get('cursor')
        asked.push(cursor ?? '')
        if (cursor === null) return HttpResponse.json({ rows: [], nextCursor: 'c2', totalRuns: 0 })
        if (refuse) return HttpResponse.json({ error: 'x', message: 'no' }, { status: 400 })
        return HttpResponse.json({ rows: [], nextCursor: null, totalRuns: 0 })
      }),
      http.get('/e/runs', () =>
        HttpResponse.json({ error: 'x', message: 'never' }, { status: 500 }),
      ),
    )
    const runner = new InThreadRunner(folderFor, true)
    const spec = { kind: 'runs-list' as const, scope: createScope(filters) }
    const states: LoadState<unknown>[] = []
    await runner.start({ id: 901, config: { baseUrl: '/e' }, spec, resumeFrom: null }, (s) =>
      states.push(s),
    )
    expect(states.at(-1)?.status).toBe('partial')
    refuse = false
    await runner.start({ id: 902, config: { baseUrl: '/e' }, spec, resumeFrom: 901 }, (s) =>
      states.push(s),
    )
    expect(states.at(-1)?.status).toBe('done')
    expect(asked).toEqual(['', 'c2', 'c2'])
  })
})
