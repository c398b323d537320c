import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { createScope, type ToolSummary } from '../../domain/summary'
import { createHandlers } from '../../mocks/handlers'
import { createInstallation } from '../../mocks/installation'
import { folderFor } from './folder-specs'
import type { LoadState } from './load-all-runs'
import { LoadJobs } from './load-jobs'
import type { LoadJob } from './load-runner'

const installation = createInstallation()
const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

const filters = { from: '2026-10-20', to: '2026-11-20', tz: 'Asia/Kathmandu', tools: [] }
const scope = createScope(filters)
let ids = 0
const job = (baseUrl: string): LoadJob => ({
  id: ++ids,
  config: { baseUrl },
  spec: { kind: 'tool-summary', scope },
  resumeFrom: null,
})

/** Runs one job to its end, counting the requests each endpoint received. */
async function run(jobs: LoadJobs, baseUrl: string, summaryEndpoint: boolean) {
  const asked: string[] = []
  server.use(...createHandlers({ baseUrl, installation, summaryEndpoint }))
  server.events.on('request:start', ({ request }) => asked.push(new URL(request.url).pathname))
  let last: LoadState<unknown> | null = null
  await jobs.start(job(baseUrl), (state) => (last = state))
  server.events.removeAllListeners()
  return { last: last as LoadState<ToolSummary> | null, asked }
}

describe('LoadJobs and the pre-aggregated /summary (decision 0008)', () => {
  it('takes the summary from /summary when offered — equal to folding /runs', async () => {
    const folded = await run(new LoadJobs(folderFor, false), '/a', true)
    const counted = await run(new LoadJobs(folderFor, true), '/a', true)
    expect(counted.asked).toEqual(['/a/summary'])
    expect(counted.last?.status).toBe('done')
    expect(counted.last?.counted).toBe('server')
    expect(counted.last?.summary).toEqual(folded.last?.summary)
    expect(folded.asked.every((path) => path === '/a/runs')).toBe(true)
    expect(folded.last?.summary.runs).toBeGreaterThan(0)
  })

  it('folds /runs when the API answers 404, and does not ask that API again', async () => {
    const jobs = new LoadJobs(folderFor, true)
    const first = await run(jobs, '/b', false)
    expect(first.asked[0]).toBe('/b/summary')
    expect(first.asked.slice(1).every((path) => path === '/b/runs')).toBe(true)
    expect(first.last?.status).toBe('done')
    expect(first.last?.counted).toBeUndefined()
    const second = await run(jobs, '/b', false)
    expect(second.asked.includes('/b/summary')).toBe(false)
    expect(second.last?.summary).toEqual(first.last?.summary)
  })

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
    await new LoadJobs(folderFor, true).start(job('/c'), (state) => (last = state))
    expect((last as LoadState<unknown> | null)?.status).toBe('error')
  })
})
