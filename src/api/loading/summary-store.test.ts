import { describe, expect, it } from 'vitest'
import { delay, http, HttpResponse } from 'msw'
import { server } from '@/testing/msw-server'
import { createScope } from '@/domain/summary'
import type { Folder } from './load-all-runs'
import { InThreadRunner } from './in-thread-runner'
import { SummaryStore, type SummaryRequest } from './summary-store'

const base = '/api/diagnostics/v1'

const run = (uuid: string) => ({
  uuid,
  status: 'completed',
  configuration: 'c',
  startedAt: '2026-11-03T14:05:00Z',
  finishedAt: null,
  terminationReason: null,
  steps: [],
})
const uuids: Folder<string[]> = {
  empty: () => [],
  fold: (s, runs) => [...s, ...runs.map((r) => r.uuid)],
}
// The store runs whatever its runner folds; here every spec folds into the list of uuids seen.
const newStore = () => new SummaryStore(new InThreadRunner(() => uuids as Folder<unknown>))
const request: SummaryRequest<string[]> = {
  config: { baseUrl: base },
  spec: {
    kind: 'first-refusal',
    scope: createScope({ from: '2026-11-01', to: '2026-11-30', tz: 'UTC', tools: [] }),
  },
}

function serve(pages: string[][]) {
  server.use(
    http.get(`${base}/runs`, async ({ request: r }) => {
      await delay(20)
      const index = Number(new URL(r.url).searchParams.get('cursor') ?? '0')
      return HttpResponse.json({
        runs: (pages[index] ?? []).map(run),
        nextCursor: index + 1 < pages.length ? String(index + 1) : null,
        totalRuns: pages.flat().length,
      })
    }),
  )
}

const settled = (store: SummaryStore, key: string) =>
  new Promise<void>((resolve) => {
    const check = () => {
      const status = store.get(key)?.status
      if (status === 'done' || status === 'error' || status === 'partial') resolve()
    }
    store.subscribe(check)
    check()
  })

const until = (store: SummaryStore, key: string, status: string) =>
  new Promise<void>((resolve) => {
    const check = () => {
      if (store.get(key)?.status === status) resolve()
    }
    store.subscribe(check)
    check()
  })

describe('SummaryStore', () => {
  it('finishes a load that was released and watched again at once (StrictMode mounts)', async () => {
    serve([['a', 'b'], ['c'], ['d']])
    const store = newStore()
    store.watch('k', request)
    store.release('k')
    store.watch('k', request)
    await settled(store, 'k')
    expect(store.get<string[]>('k')).toMatchObject({
      status: 'done',
      summary: ['a', 'b', 'c', 'd'],
      duplicates: 0,
    })
  })

  it('continues a released load from its last page when watched again later', async () => {
    serve([['a'], ['b'], ['c']])
    const store = newStore()
    store.watch('k', request)
    await new Promise<void>((resolve) => {
      const stop = store.subscribe(() => {
        if ((store.get('k')?.pages ?? 0) >= 1) {
          stop()
          resolve()
        }
      })
    })
    store.release('k')
    await delay(50)
    store.watch('k', request)
    await settled(store, 'k')
    expect(store.get<string[]>('k')).toMatchObject({
      status: 'done',
      summary: ['a', 'b', 'c'],
      duplicates: 0,
    })
  })

  it('a late Resume whose cursor expired (400) loads again from the first page, counting each run once', async () => {
    // The second page is asked for but not answered before the person cancels.
    let asked1: () => void = () => undefined
    const secondAsked = new Promise<void>((resolve) => (asked1 = resolve))
    let unblock: () => void = () => undefined
    const blocked = new Promise<void>((resolve) => (unblock = resolve))
    server.use(
      http.get(`${base}/runs`, async ({ request: r }) => {
        if (new URL(r.url).searchParams.get('cursor') === null) {
          return HttpResponse.json({ runs: [run('a')], nextCursor: '1', totalRuns: 3 })
        }
        asked1()
        await blocked
        return HttpResponse.json({ runs: [run('b')], nextCursor: '2', totalRuns: 3 })
      }),
    )
    const store = newStore()
    store.watch('k', request)
    await secondAsked
    store.cancel('k')
    await until(store, 'k', 'cancelled')
    unblock()
    // The cancelled job ends just after its last state: Resume starts a job only after that.
    await delay(50)
    expect(store.get<string[]>('k')).toMatchObject({ summary: ['a'], cursor: '1' })
    // Meanwhile the server forgot cursor '1', and a run 'z' started (it lists first).
    const asked: (string | null)[] = []
    server.use(
      http.get(`${base}/runs`, ({ request: r }) => {
        const cursor = new URL(r.url).searchParams.get('cursor')
        asked.push(cursor)
        if (cursor === '1') return HttpResponse.json({ error: 'bad_cursor' }, { status: 400 })
        const later = [
          ['z', 'a'],
          ['b', 'c'],
        ]
        const index = cursor === null ? 0 : Number(cursor.slice(1))
        return HttpResponse.json({
          runs: (later[index] ?? []).map(run),
          nextCursor: index + 1 < later.length ? `n${index + 1}` : null,
          totalRuns: 4,
        })
      }),
    )
    store.resume('k')
    await settled(store, 'k')
    expect(asked).toEqual(['1', null, 'n1'])
    expect(store.get<string[]>('k')).toMatchObject({
      status: 'done',
      summary: ['z', 'a', 'b', 'c'],
      loadedRuns: 4,
      totalRuns: 4,
      duplicates: 0,
    })
  })

  it('serves a finished summary again without loading', async () => {
    let calls = 0
    serve([['a']])
    server.events.on('request:start', () => {
      calls++
    })
    const store = newStore()
    store.watch('k', request)
    await settled(store, 'k')
    store.release('k')
    store.watch('k', request)
    expect(store.get('k')?.status).toBe('done')
    expect(calls).toBe(1)
    server.events.removeAllListeners()
  })
})
