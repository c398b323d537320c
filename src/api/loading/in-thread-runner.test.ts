import { describe, expect, it } from 'vitest'
import { http, HttpResponse, type HttpHandler } from 'msw'
import { server } from '@/testing/msw-server'
import { createScope, type ToolSummary } from '@/domain/summary'
import {
  createEffectScope,
  effectWindows,
  type EffectSummary,
  type FirstRefusal,
} from '@/domain/effect'
import { createHandlers } from '@/mocks/handlers'
import { createInstallation } from '@/mocks/installation'
import { createListedInstallation } from '@/mocks/variants'
import { folderFor } from './folder-specs'
import type { LoadState } from './load-all-runs'
import { InThreadRunner } from './in-thread-runner'
import type { LoadJob } from './load-runner'

const installation = createInstallation()

const filters = { from: '2026-10-20', to: '2026-11-20', tz: 'Asia/Kathmandu', tools: [] }
const scope = createScope(filters)
let ids = 0
const job = (baseUrl: string): LoadJob => ({
  id: ++ids,
  config: { baseUrl },
  spec: { kind: 'tool-summary', scope },
  resumeFrom: null,
})

/**
 * Runs one job to its end, counting the requests each endpoint received. `overrides` answer
 * before the installation's own handlers.
 */
async function run(
  runner: InThreadRunner,
  baseUrl: string,
  summaryEndpoint: boolean,
  ...overrides: HttpHandler[]
) {
  const asked: string[] = []
  server.use(...createHandlers({ baseUrl, installation, summaryEndpoint }))
  server.use(...overrides)
  server.events.on('request:start', ({ request }) => asked.push(new URL(request.url).pathname))
  let last: LoadState<unknown> | null = null
  await runner.start(job(baseUrl), (state) => (last = state))
  server.events.removeAllListeners()
  return { last: last as LoadState<ToolSummary> | null, asked }
}

describe('InThreadRunner and the pre-aggregated /summary (decision 0008)', () => {
  it('takes the summary from /summary when offered — equal to folding /runs', async () => {
    const folded = await run(new InThreadRunner(folderFor, false), '/a', true)
    const counted = await run(new InThreadRunner(folderFor, true), '/a', true)
    expect(counted.asked).toEqual(['/a/summary'])
    expect(counted.last?.status).toBe('done')
    expect(counted.last?.counted).toBe('server')
    expect(counted.last?.summary).toEqual(folded.last?.summary)
    expect(folded.asked.every((path) => path === '/a/runs')).toBe(true)
    expect(folded.last?.summary.runs).toBeGreaterThan(0)
  })

  it('folds /runs when the API answers 404, and does not ask that API again', async () => {
    const runner = new InThreadRunner(folderFor, true)
    const first = await run(runner, '/b', false)
    expect(first.asked[0]).toBe('/b/summary')
    expect(first.asked.slice(1).every((path) => path === '/b/runs')).toBe(true)
    expect(first.last?.status).toBe('done')
    expect(first.last?.counted).toBeUndefined()
    const second = await run(runner, '/b', false)
    expect(second.asked.includes('/b/summary')).toBe(false)
    expect(second.last?.summary).toEqual(first.last?.summary)
  })

  it.each([
    ['/h', 405],
    ['/i', 501],
  ] as const)(
    'does not ask %s/summary again after it answered %i (not offered), and folds /runs',
    async (base, status) => {
      const notOffered = http.get(`${base}/summary`, () =>
        HttpResponse.json({ error: 'no' }, { status }),
      )
      const runner = new InThreadRunner(folderFor, true)
      const first = await run(runner, base, false, notOffered)
      expect(first.asked[0]).toBe(`${base}/summary`)
      expect(first.asked.slice(1).every((path) => path === `${base}/runs`)).toBe(true)
      expect(first.last).toMatchObject({ status: 'done' })
      const second = await run(runner, base, false, notOffered)
      expect(second.asked.length).toBeGreaterThan(0)
      expect(second.asked.includes(`${base}/summary`)).toBe(false)
      expect(second.last?.summary).toEqual(first.last?.summary)
    },
  )

  it('folds /runs when /summary fails, and reports trouble through /runs as usual', async () => {
    server.use(
      http.get('/c/summary', () =>
        HttpResponse.json({ error: 'x', message: 'y' }, { status: 500 }),
      ),
      http.get('/c/runs', () =>
        HttpResponse.json({ error: 'denied', message: 'No.' }, { status: 403 }),
      ),
    )
    let last: LoadState<unknown> | null = null
    await new InThreadRunner(folderFor, true).start(job('/c'), (state) => (last = state))
    expect((last as LoadState<unknown> | null)?.status).toBe('error')
  })

  it('asks for every tool when a selected name cannot be sent, and counts the selected ones', async () => {
    const lone = 'lone\uD800high'
    const named = createScope({ ...filters, tools: ['update_page_metadata'] })
    const mixed = createScope({ ...filters, tools: ['update_page_metadata', lone] })
    const urls: URL[] = []
    server.use(...createHandlers({ baseUrl: '/d', installation, summaryEndpoint: true }))
    server.events.on('request:start', ({ request }) => urls.push(new URL(request.url)))
    const results: LoadState<ToolSummary>[] = []
    for (const s of [named, mixed]) {
      const runner = new InThreadRunner(folderFor, true)
      await runner.start(
        {
          id: ++ids,
          config: { baseUrl: '/d' },
          spec: { kind: 'tool-summary', scope: s },
          resumeFrom: null,
        },
        (state) => results.push(state as LoadState<ToolSummary>),
      )
    }
    server.events.removeAllListeners()
    const [byName, byAll] = [results.filter((r) => r.status === 'done')[0], results.at(-1)]
    // The named tool alone: the server filters (and counts, through /summary).
    expect(byName?.counted).toBe('server')
    // With the lone surrogate: no /summary, /runs without a tool filter, folded here.
    const mixedUrls = urls.slice(urls.findIndex((u) => u.pathname === '/d/summary') + 1)
    expect(mixedUrls.length).toBeGreaterThan(0)
    expect(mixedUrls.every((u) => u.pathname === '/d/runs' && !u.searchParams.has('tool'))).toBe(
      true,
    )
    if (byAll === undefined) throw new Error('the second load reported nothing')
    expect(byAll.status).toBe('done')
    expect(byAll.counted).toBeUndefined()
    const { byTool, byDay, runsWithCalls, runsWithRefusal, runsWithFailure } = byAll.summary
    expect({ byTool, byDay, runsWithCalls, runsWithRefusal, runsWithFailure }).toEqual({
      byTool: byName?.summary.byTool,
      byDay: byName?.summary.byDay,
      runsWithCalls: byName?.summary.runsWithCalls,
      runsWithRefusal: byName?.summary.runsWithRefusal,
      runsWithFailure: byName?.summary.runsWithFailure,
    })
    expect(Object.keys(byTool)).toEqual(['update_page_metadata'])
  })

  it.each([
    ['503 with Retry-After in seconds', 503, '0'],
    ['429 with Retry-After as an HTTP date in the past', 429, 'Wed, 21 Oct 2015 07:28:00 GMT'],
  ])(
    'waits and asks /summary again after %s, instead of folding every page',
    async (_l, status, after) => {
      let hits = 0
      server.use(...createHandlers({ baseUrl: '/e', installation, summaryEndpoint: true }))
      // Prepended: answers first, and lets the installation's own handler answer after.
      server.use(
        http.get('/e/summary', () => {
          hits += 1
          return hits === 1
            ? HttpResponse.json({ error: 'busy' }, { status, headers: { 'Retry-After': after } })
            : undefined
        }),
      )
      const runner = new InThreadRunner(folderFor, true)
      const states: LoadState<unknown>[] = []
      const asked: string[] = []
      server.events.on('request:start', ({ request }) => asked.push(new URL(request.url).pathname))
      await runner.start(job('/e'), (state) => states.push(state))
      server.events.removeAllListeners()
      expect(asked).toEqual(['/e/summary', '/e/summary'])
      expect(states.some((s) => s.status === 'waiting' && s.waitMs === 0)).toBe(true)
      expect(states.at(-1)).toMatchObject({ status: 'done', counted: 'server' })
    },
  )

  it('folds /runs when /summary answers 405, and when it stays busy', async () => {
    for (const [base, status] of [
      ['/f', 405],
      ['/g', 503],
    ] as const) {
      // Answers before the installation's handlers, which would answer /summary with 404.
      const answer = http.get(`${base}/summary`, () =>
        HttpResponse.json({ error: 'no' }, { status, headers: { 'Retry-After': '0' } }),
      )
      const { last, asked } = await run(new InThreadRunner(folderFor, true), base, false, answer)
      expect(last).toMatchObject({ status: 'done' })
      expect(last?.counted).toBeUndefined()
      expect(last?.summary.runs).toBeGreaterThan(0)
      // 405 is not offered: asked once. 503 that stays busy: the first ask and 3 more.
      expect(asked.filter((path) => path === `${base}/summary`).length).toBe(status === 405 ? 1 : 4)
    }
  })

  /** A `/summary` that answers `503 counting` `times` times, then as the installation does. */
  function countingFirst(base: string, times: number, progress: number) {
    let asked = 0
    return http.get(`${base}/summary`, () => {
      asked += 1
      if (asked > times) return undefined
      const body = { error: 'counting', message: 'Counting.', progress: progress * asked }
      return HttpResponse.json(body, { status: 503, headers: { 'Retry-After': '0' } })
    })
  }

  it('waits for a server counting for the first time, showing how far it is, past the retry limit', async () => {
    const states: LoadState<unknown>[] = []
    const runner = new InThreadRunner(folderFor, true)
    server.use(...createHandlers({ baseUrl: '/j', installation, summaryEndpoint: true }))
    server.use(countingFirst('/j', 5, 0.15))
    const asked: string[] = []
    server.events.on('request:start', ({ request }) => asked.push(new URL(request.url).pathname))
    await runner.start(job('/j'), (state) => states.push(state))
    server.events.removeAllListeners()
    const counting = states.filter((state) => state.status === 'waiting').map((s) => s.counting)
    expect(counting.map((share) => share?.toFixed(2))).toEqual([
      '0.15',
      '0.30',
      '0.45',
      '0.60',
      '0.75',
    ])
    expect(asked).toEqual(Array(6).fill('/j/summary'))
    expect(states.at(-1)).toMatchObject({ status: 'done', counted: 'server' })
  })

  it('folds a short range from /runs while the server counts, and says why', async () => {
    const week = createScope({ ...filters, from: '2026-11-14', to: '2026-11-20' })
    const runner = new InThreadRunner(folderFor, true)
    server.use(...createHandlers({ baseUrl: '/k', installation, summaryEndpoint: true }))
    server.use(countingFirst('/k', 100, 0.41))
    let last: LoadState<ToolSummary> | null = null
    await runner.start({ ...job('/k'), spec: { kind: 'tool-summary', scope: week } }, (state) => {
      last = state as LoadState<ToolSummary>
    })
    const done = last as LoadState<ToolSummary> | null
    expect(done).toMatchObject({ status: 'done' })
    expect(done?.counted).toBeUndefined()
    expect(done?.foldedHere).toMatch(
      /counting this installation for the first time \(41 %\); this short range was folded/,
    )
    expect(done?.summary.runs).toBeGreaterThan(0)
  })

  it('folds /runs for a zone the server cannot count, and says so', async () => {
    const answer = http.get('/l/summary', () =>
      HttpResponse.json({ error: 'zone_not_counted', message: 'No.' }, { status: 400 }),
    )
    const folded = await run(new InThreadRunner(folderFor, false), '/l', true)
    const { last, asked } = await run(new InThreadRunner(folderFor, true), '/l', true, answer)
    expect(asked.filter((path) => path === '/l/summary')).toHaveLength(1)
    expect(last?.foldedHere).toMatch(/cannot count local days in Asia\/Kathmandu/)
    expect(last?.summary).toEqual(folded.last?.summary)
  })
})

describe('InThreadRunner and the optional /effect (decision 0027)', () => {
  const data = {
    earliestMs: Date.parse(installation.meta.earliestAt ?? ''),
    latestMs: Date.parse(installation.meta.latestAt ?? ''),
  }
  // A decision inside a quarter hour, windows cut at the data's last step.
  const windows = effectWindows(data.latestMs - 9 * 86_400_000 + 123, 14, data)
  const effectJob = (baseUrl: string, tools: string[] = []): LoadJob => ({
    id: ++ids,
    config: { baseUrl },
    spec: { kind: 'effect', scope: createEffectScope(windows, tools, installation.tools) },
    resumeFrom: null,
  })
  async function load(runner: InThreadRunner, baseUrl: string, ...overrides: HttpHandler[]) {
    const asked: string[] = []
    server.use(...createHandlers({ baseUrl, installation, summaryEndpoint: true }))
    server.use(...overrides)
    server.events.on('request:start', ({ request }) => asked.push(new URL(request.url).pathname))
    let last: LoadState<unknown> | null = null
    await runner.start(effectJob(baseUrl), (state) => (last = state))
    server.events.removeAllListeners()
    return { last: last as LoadState<EffectSummary> | null, asked }
  }

  it('takes the effect from /effect when offered — equal to folding /runs', async () => {
    const folded = await load(new InThreadRunner(folderFor, false), '/e')
    const counted = await load(new InThreadRunner(folderFor, true), '/e')
    expect(counted.asked).toEqual(['/e/effect'])
    expect(counted.last).toMatchObject({ status: 'done', counted: 'server' })
    expect(counted.last?.summary).toEqual(folded.last?.summary)
    expect(counted.last?.loadedRuns).toBe(folded.last?.loadedRuns)
    expect(folded.asked.every((path) => path === '/e/runs')).toBe(true)
    expect(folded.last?.summary.after.recovery.refusals).toBeGreaterThan(0)
  })

  it('folds /runs when /effect is not offered, and does not ask it again', async () => {
    const missing = http.get('/f/effect', () => HttpResponse.json({ error: 'no' }, { status: 404 }))
    const runner = new InThreadRunner(folderFor, true)
    const first = await load(runner, '/f', missing)
    expect(first.asked[0]).toBe('/f/effect')
    expect(first.asked.slice(1).every((path) => path === '/f/runs')).toBe(true)
    expect(first.last?.status).toBe('done')
    expect(first.last?.counted).toBeUndefined()
    const second = await load(runner, '/f', missing)
    expect(second.asked.includes('/f/effect')).toBe(false)
    expect(second.last?.summary).toEqual(first.last?.summary)
  })
})

describe('InThreadRunner and the first refused call, narrowed by /summary', () => {
  const all = createScope({ from: '2026-08-01', to: '2026-11-30', tz: 'UTC', tools: [] })
  async function first(
    askServer: boolean,
    baseUrl: string,
    served = installation,
    ...overrides: HttpHandler[]
  ) {
    const urls: URL[] = []
    server.use(...createHandlers({ baseUrl, installation: served, summaryEndpoint: true }))
    server.use(...overrides)
    server.events.on('request:start', ({ request }) => urls.push(new URL(request.url)))
    let last: LoadState<unknown> | null = null
    await new InThreadRunner(folderFor, askServer).start(
      {
        id: ++ids,
        config: { baseUrl },
        spec: { kind: 'first-refusal', scope: all },
        resumeFrom: null,
      },
      (state) => (last = state),
    )
    server.events.removeAllListeners()
    return { last: last as LoadState<FirstRefusal> | null, urls }
  }

  it('folds only the first day with a refusal, and finds the same call as folding everything', async () => {
    const folded = await first(false, '/g')
    const narrowed = await first(true, '/g')
    expect(folded.last?.summary.firstMs).not.toBeNull()
    expect(narrowed.last?.status).toBe('done')
    expect(narrowed.last?.summary.firstMs).toBe(folded.last?.summary.firstMs)
    expect(narrowed.urls[0]?.pathname).toBe('/g/summary')
    const pages = narrowed.urls.slice(1)
    expect(pages.length).toBeGreaterThan(0)
    const day = new Date(folded.last?.summary.firstMs ?? 0).toISOString().slice(0, 10)
    for (const url of pages) {
      expect(url.pathname).toBe('/g/runs')
      expect(url.searchParams.get('from')).toBe(`${day}T00:00:00.000Z`)
    }
    expect(narrowed.last?.loadedRuns).toBeLessThan(folded.last?.loadedRuns ?? 0)
  })

  it('answers "none" from /summary alone when no call was refused', async () => {
    const everything = { from: null, to: null, tools: [] }
    const runs = installation.queryRuns(everything, null, 1_000_000).runs
    const calm = createListedInstallation({
      meta: installation.meta,
      tools: installation.tools,
      runs: runs.filter((run) => run.steps.every((step) => step.toolRefusal == null)),
    })
    const none = await first(true, '/k', calm)
    expect(none.last).toMatchObject({ status: 'done', summary: { firstMs: null } })
    expect(none.last?.summary.runs).toBeGreaterThan(0)
    expect(none.urls.map((url) => url.pathname)).toEqual(['/k/summary'])
  })

  it('does not wait for a server still counting: it folds at once, with its progress', async () => {
    const counting = http.get('/n/summary', () =>
      HttpResponse.json(
        { error: 'counting', message: 'Counting.', progress: 0.4 },
        { status: 503, headers: { 'Retry-After': '5' } },
      ),
    )
    const folded = await first(false, '/n')
    const asked = await first(true, '/n', installation, counting)
    expect(asked.urls.filter((url) => url.pathname === '/n/summary')).toHaveLength(1)
    expect(asked.last?.status).toBe('done')
    expect(asked.last?.summary).toEqual(folded.last?.summary)
  })
})
