import { describe, expect, it } from 'vitest'
import { http, HttpResponse } from 'msw'
import { server } from '@/testing/msw-server'
import type { RunsSummary } from '@/domain/runs'
import { createScope, type ToolSummary } from '@/domain/summary'
import { createHandlers } from '@/mocks/handlers'
import { createHostileInstallation } from '@/mocks/variants'
import { HtmlPageError, HttpError, describeApiError } from '../errors'
import { folderFor } from './folder-specs'
import type { LoadState } from './load-all-runs'
import { InThreadRunner } from './in-thread-runner'
import type { LoadJob } from './load-runner'
import { createWorkerHost } from './worker-host'
import type { FromWorker, ToWorker } from './worker-protocol'
import { WorkerRunner } from './worker-runner'

const base = 'http://localhost/api/diagnostics/v1'
const installation = createHostileInstallation()

/**
 * A Worker stand-in: the real host on the other side, every message through structuredClone as
 * between threads (class instances and null prototypes do not survive it), delivered later.
 */
function fakeWorker(demoFetch?: () => Promise<typeof fetch>) {
  const listeners: ((event: MessageEvent<FromWorker>) => void)[] = []
  const host = createWorkerHost({
    demoFetch,
    post: (message) => {
      const copy = structuredClone(message)
      setTimeout(() => listeners.forEach((l) => l({ data: copy } as MessageEvent<FromWorker>)))
    },
  })
  const worker = {
    postMessage: (message: ToWorker) => {
      const copy = structuredClone(message)
      setTimeout(() => host(copy))
    },
    addEventListener: (type: string, listener: (event: MessageEvent<FromWorker>) => void) => {
      if (type === 'message') listeners.push(listener)
    },
    terminate: () => undefined,
  }
  return worker as unknown as Worker
}

/** A worker that never answers; `fail()` makes it fire its error event (it died). */
function dyingWorker() {
  let fail: () => void = () => undefined
  const dead = {
    postMessage: () => undefined,
    addEventListener: (type: string, listener: (event: Event) => void) => {
      if (type === 'error') fail = () => listener(new Event('error'))
    },
    terminate: () => undefined,
  } as unknown as Worker
  return { dead, fail: () => fail() }
}

const scope = createScope({ from: '2026-09-01', to: '2026-11-28', tz: 'UTC', tools: [] })
let ids = 0
const job = (kind: 'tool-summary' | 'runs-list'): LoadJob => ({
  id: ++ids,
  config: { baseUrl: base },
  spec: { kind, scope },
  resumeFrom: null,
})

/** The API offers no pre-aggregated `/summary` (decision 0008): the worker folds `/runs`. */
const noSummary = http.get(`${base}/summary`, () => new HttpResponse(null, { status: 404 }))

async function finalState(runner: InThreadRunner | WorkerRunner, load: LoadJob) {
  const states: LoadState<unknown>[] = []
  await runner.start(load, (state) => states.push(state))
  return { last: states.at(-1), updates: states.length }
}

describe('WorkerRunner', () => {
  it('gives the same tool summary and runs list as loading on the page (hostile names)', async () => {
    server.use(...createHandlers({ baseUrl: base, installation }))
    const page = new InThreadRunner()
    const worker = new WorkerRunner(fakeWorker())
    for (const kind of ['tool-summary', 'runs-list'] as const) {
      const here = await finalState(page, job(kind))
      const there = await finalState(worker, job(kind))
      expect(there.last?.status).toBe('done')
      expect(there.last).toEqual(here.last)
      expect(there.updates).toBe(here.updates)
    }
  })

  it('keeps names such as __proto__ and constructor as plain keys after the crossing', async () => {
    server.use(...createHandlers({ baseUrl: base, installation }))
    const there = await finalState(new WorkerRunner(fakeWorker()), job('tool-summary'))
    const summary = there.last?.summary as ToolSummary
    expect(Object.getPrototypeOf(summary.byTool)).toBeNull()
    for (const counts of Object.values(summary.byTool))
      expect(Object.getPrototypeOf(counts)).toBeNull()
    const list = (await finalState(new WorkerRunner(fakeWorker()), job('runs-list'))).last
      ?.summary as RunsSummary
    for (const row of list.rows) {
      if (row.otherCodes) expect(Object.getPrototypeOf(row.otherCodes)).toBeNull()
    }
  })

  it('brings errors back as the same classes, with their fields', async () => {
    server.use(
      noSummary,
      http.get(`${base}/runs`, () =>
        HttpResponse.json({ error: 'denied', message: 'No.' }, { status: 403 }),
      ),
    )
    const there = await finalState(new WorkerRunner(fakeWorker()), job('tool-summary'))
    expect(there.last?.status).toBe('error')
    expect(there.last?.error).toBeInstanceOf(HttpError)
    expect(there.last?.error).toMatchObject({ status: 403, code: 'denied', serverMessage: 'No.' })
  })

  it('brings an HTML page answered instead of JSON back as such', async () => {
    server.use(
      noSummary,
      http.get(`${base}/runs`, () => HttpResponse.html('<html>Sign in</html>')),
    )
    const there = await finalState(new WorkerRunner(fakeWorker()), job('tool-summary'))
    expect(there.last?.status).toBe('error')
    expect(there.last?.error).toBeInstanceOf(HtmlPageError)
    expect(describeApiError(there.last?.error)).toMatch(/HTML page, not JSON/)
  })

  it('starts its loads again on the page when the worker dies', async () => {
    server.use(...createHandlers({ baseUrl: base, installation }))
    const { dead, fail } = dyingWorker()
    const runner = new WorkerRunner(dead)
    const load = finalState(runner, job('tool-summary'))
    fail()
    const expected = await finalState(new InThreadRunner(folderFor), job('tool-summary'))
    expect((await load).last).toEqual(expected.last)
  })

  it("answers a demo build's page requests from the worker, honours aborts, fails when it died", async () => {
    const answer = async (input: RequestInfo | URL) =>
      Response.json({ asked: String(input) }, { headers: { 'x-demo': 'yes' } })
    const demo = { baseUrl: base, scale: 1, variant: 'default', summaryEndpoint: false } as const
    const runner = new WorkerRunner(
      fakeWorker(async () => answer as typeof fetch),
      demo,
    )
    const response = await runner.fetchDemo(`${base}/meta`)
    expect(response.status).toBe(200)
    expect(response.headers.get('x-demo')).toBe('yes')
    expect(await response.json()).toEqual({ asked: `${base}/meta` })

    const controller = new AbortController()
    const pending = runner.fetchDemo(`${base}/tools`, controller.signal)
    controller.abort(new Error('left the page'))
    await expect(pending).rejects.toThrow('left the page')

    const broken = new WorkerRunner(
      fakeWorker(async () => (() => Promise.reject(new TypeError('down'))) as typeof fetch),
      demo,
    )
    await expect(broken.fetchDemo(`${base}/meta`)).rejects.toThrow(TypeError)

    const { dead, fail } = dyingWorker()
    const orphan = new WorkerRunner(dead, demo)
    const open = orphan.fetchDemo(`${base}/meta`)
    fail()
    await expect(open).rejects.toThrow(TypeError)
    await expect(orphan.fetchDemo(`${base}/meta`)).rejects.toThrow(TypeError)
  })
})
