import { describe, expect, it } from 'vitest'
import { http, HttpResponse } from 'msw'
import { server } from '@/testing/msw-server'
import type { Run } from '@/domain/contract'
import { ContractError, HttpError } from '../errors'
import { retryWait, type RetryWait } from '../retry'
import { loadAllRuns, type Folder, type LoadState } from './load-all-runs'

const base = '/api/diagnostics/v1'
const config = { baseUrl: base }

const run = (i: number): Run => ({
  uuid: `run-${i}`,
  status: 'completed',
  configuration: 'page-editor',
  startedAt: '2026-11-03T14:05:00Z',
  finishedAt: null,
  terminationReason: null,
  steps: [],
})

/** A folder that only lists uuids in arrival order. */
const uuids: Folder<string[]> = {
  empty: () => [],
  fold: (summary, runs) => [...summary, ...runs.map((r) => r.uuid)],
}

/** A folder that lists each run's installation and uuid in arrival order. */
const installationsAndUuids: Folder<string[]> = {
  empty: () => [],
  fold: (summary, runs) => [...summary, ...runs.map((r) => `${r.installation ?? ''}/${r.uuid}`)],
}

/** Serves `pages` (arrays of run numbers) by cursor = page index; `fail(i)` may answer instead. */
function pages(list: number[][], fail?: (index: number, hit: number) => Response | null) {
  const hits = new Map<number, number>()
  server.use(
    http.get(`${base}/runs`, ({ request }) => {
      const cursor = new URL(request.url).searchParams.get('cursor')
      const index = cursor === null ? 0 : Number(cursor)
      const hit = (hits.get(index) ?? 0) + 1
      hits.set(index, hit)
      const failure = fail?.(index, hit)
      if (failure) return failure
      const total = new Set(list.flat()).size
      return HttpResponse.json({
        runs: (list[index] ?? []).map(run),
        nextCursor: index + 1 < list.length ? String(index + 1) : null,
        totalRuns: total,
      })
    }),
  )
  return hits
}

/** The loader's policy, waiting at most 1 ms (a Retry-After of 0 stays 0). */
const fast: RetryWait = (attempt, error) => {
  const wait = retryWait('pages')(attempt, error)
  return wait === null ? null : Math.min(wait, 1)
}
/** At most `n` retries, each after at most 1 ms. */
const retries =
  (n: number): RetryWait =>
  (attempt, error) =>
    attempt < n ? fast(attempt, error) : null

const load = (extra: Partial<Parameters<typeof loadAllRuns<string[]>>[0]> = {}) => {
  const updates: LoadState<string[]>[] = []
  const promise = loadAllRuns({
    config,
    query: {},
    folder: uuids,
    signal: new AbortController().signal,
    onUpdate: (s) => updates.push(s),
    retry: fast,
    ...extra,
  })
  return { promise, updates }
}

describe('loadAllRuns', () => {
  it('follows every cursor and reports progress per page', async () => {
    pages([[1, 2], [3, 4], [5]])
    const { promise, updates } = load()
    const final = await promise
    expect(final).toMatchObject({ status: 'done', loadedRuns: 5, totalRuns: 5, pages: 3 })
    expect(final.summary).toEqual(['run-1', 'run-2', 'run-3', 'run-4', 'run-5'])
    expect(updates.map((u) => u.loadedRuns)).toEqual([0, 2, 4, 5, 5])
  })

  it('counts a run sent on two pages once and says how many were repeated', async () => {
    pages([
      [1, 2],
      [2, 3],
    ])
    const final = await load().promise
    expect(final.summary).toEqual(['run-1', 'run-2', 'run-3'])
    expect(final.duplicates).toBe(1)
  })

  it('counts a run sent twice on one page once, as it does across pages', async () => {
    pages([
      [1, 2, 1],
      [3, 3, 2],
    ])
    const final = await load().promise
    expect(final.summary).toEqual(['run-1', 'run-2', 'run-3'])
    expect(final).toMatchObject({ loadedRuns: 3, duplicates: 3 })
  })

  it('counts the same run once for each installation that lists it', async () => {
    const at = (installation: string, i: number): Run => ({ ...run(i), installation })
    server.use(
      http.get(`${base}/runs`, ({ request }) => {
        const second = new URL(request.url).searchParams.get('cursor') === 'b'
        return HttpResponse.json({
          runs: second
            ? [at('site-b', 1), at('site-a', 2), at('site-b', 2)]
            : [at('site-a', 1), at('site-b', 1), run(1)],
          nextCursor: second ? null : 'b',
          totalRuns: 5,
        })
      }),
    )
    const final = await load({ folder: installationsAndUuids }).promise
    expect(final.summary).toEqual([
      'site-a/run-1',
      'site-b/run-1',
      '/run-1',
      'site-a/run-2',
      'site-b/run-2',
    ])
    expect(final).toMatchObject({ loadedRuns: 5, duplicates: 1 })
  })

  it('retries server errors, waiting as long as Retry-After says', async () => {
    const hits = pages([[1], [2]], (index, hit) =>
      index === 1 && hit === 1
        ? new HttpResponse(null, { status: 503, headers: { 'Retry-After': '0' } })
        : null,
    )
    const { promise, updates } = load()
    const final = await promise
    expect(final.status).toBe('done')
    expect(hits.get(1)).toBe(2)
    expect(updates.some((u) => u.status === 'waiting' && u.waitMs === 0)).toBe(true)
  })

  it('does not retry a 401', async () => {
    const hits = pages([[1]], () => HttpResponse.json({ error: 'auth' }, { status: 401 }))
    const final = await load().promise
    expect(final.status).toBe('error')
    expect(hits.get(0)).toBe(1)
  })

  it('a failure after some pages is partial, never complete, and resumes from its cursor', async () => {
    let broken = true
    pages([[1, 2], [3], [4]], (index) => (broken && index === 1 ? HttpResponse.error() : null))
    const first = await load({ retry: retries(1) }).promise
    expect(first).toMatchObject({ status: 'partial', loadedRuns: 2, totalRuns: 4, cursor: '1' })
    broken = false
    const seen = new Set(first.summary)
    const resumed = await load({ resume: { state: first, seen } }).promise
    expect(resumed).toMatchObject({ status: 'done', loadedRuns: 4, error: null })
    expect(resumed.summary).toEqual(['run-1', 'run-2', 'run-3', 'run-4'])
  })

  it('a resumed load whose cursor the server no longer knows (400) starts over, counting each run once', async () => {
    let broken = true
    pages([[1, 2], [3], [4]], (index) => (broken && index === 1 ? HttpResponse.error() : null))
    const first = await load({ retry: retries(0) }).promise
    expect(first).toMatchObject({ status: 'partial', loadedRuns: 2, cursor: '1' })
    broken = false
    // Resumed late: a run was added at the top meanwhile, and cursor '1' has expired.
    const asked: (string | null)[] = []
    server.use(
      http.get(`${base}/runs`, ({ request }) => {
        const cursor = new URL(request.url).searchParams.get('cursor')
        asked.push(cursor)
        if (cursor === '1') {
          return HttpResponse.json(
            { error: 'bad_cursor', message: 'Unknown cursor.' },
            { status: 400 },
          )
        }
        const later: Record<string, { runs: number[]; nextCursor: string | null }> = {
          first: { runs: [0, 1], nextCursor: 'n1' },
          n1: { runs: [2, 3], nextCursor: 'n2' },
          n2: { runs: [4], nextCursor: null },
        }
        const page = later[cursor ?? 'first'] ?? { runs: [], nextCursor: null }
        return HttpResponse.json({ ...page, runs: page.runs.map(run), totalRuns: 5 })
      }),
    )
    const seen = new Set(first.summary)
    const { promise, updates } = load({ resume: { state: first, seen } })
    const resumed = await promise
    expect(asked).toEqual(['1', null, 'n1', 'n2'])
    expect(resumed).toMatchObject({
      status: 'done',
      loadedRuns: 5,
      totalRuns: 5,
      pages: 3,
      duplicates: 0,
      error: null,
    })
    expect(resumed.summary).toEqual(['run-0', 'run-1', 'run-2', 'run-3', 'run-4'])
    // The progress went back to nothing when the load started over, never past the total.
    expect(updates.some((u) => u.status === 'loading' && u.loadedRuns === 0)).toBe(true)
    expect(seen).toEqual(new Set(resumed.summary))
  })

  it('a resumed load whose cursors are rejected even after starting over stops, as partial', async () => {
    const asked: (string | null)[] = []
    server.use(
      http.get(`${base}/runs`, ({ request }) => {
        const cursor = new URL(request.url).searchParams.get('cursor')
        asked.push(cursor)
        if (cursor !== null) return HttpResponse.json({ error: 'bad_cursor' }, { status: 400 })
        return HttpResponse.json({ runs: [run(1), run(2)], nextCursor: 'x', totalRuns: 4 })
      }),
    )
    const paused: LoadState<string[]> = {
      status: 'cancelled',
      summary: ['run-1', 'run-2'],
      loadedRuns: 2,
      totalRuns: 4,
      pages: 1,
      duplicates: 0,
      cursor: 'old',
      error: null,
      waitMs: null,
    }
    const seen = new Set(paused.summary)
    const resumed = await load({ resume: { state: paused, seen } }).promise
    expect(asked).toEqual(['old', null, 'x'])
    expect(resumed).toMatchObject({ status: 'partial', loadedRuns: 2, pages: 1, cursor: 'x' })
    expect(resumed.summary).toEqual(['run-1', 'run-2'])
    expect(resumed.error).toBeInstanceOf(HttpError)
    expect(resumed.error).toMatchObject({ status: 400 })
  })

  it('a 400 without a resumed cursor is not retried and not started over', async () => {
    const hits = pages([[1], [2]], (index) =>
      index === 1 ? HttpResponse.json({ error: 'bad' }, { status: 400 }) : null,
    )
    const final = await load().promise
    expect(final).toMatchObject({ status: 'partial', loadedRuns: 1, cursor: '1' })
    expect([hits.get(0), hits.get(1)]).toEqual([1, 1])
  })

  it('an abort ends as cancelled', async () => {
    pages([[1], [2]])
    const controller = new AbortController()
    controller.abort()
    const final = await load({ signal: controller.signal }).promise
    expect(final.status).toBe('cancelled')
  })
})

describe('loadAllRuns — servers that page oddly', () => {
  /** Serves pages by a function of the cursor; stops answering (500) after `cap` requests. */
  function serve(answer: (cursor: string | null, hit: number) => unknown, cap = 60) {
    let hits = 0
    server.use(
      http.get(`${base}/runs`, ({ request }) => {
        hits += 1
        if (hits > cap) return HttpResponse.json({ error: 'too_many' }, { status: 400 })
        const body = answer(new URL(request.url).searchParams.get('cursor'), hits)
        return HttpResponse.json(body as Record<string, unknown>)
      }),
    )
    return () => hits
  }

  it('stops when the server hands back a cursor it already gave (a loop), as partial', async () => {
    // Page 1 → cursor A; A → page 2 with cursor A again: following it would never end.
    const hits = serve((cursor) =>
      cursor === null
        ? { runs: [run(1)], nextCursor: 'A', totalRuns: 3 }
        : { runs: [run(2)], nextCursor: 'A', totalRuns: 3 },
    )
    const final = await load({ retry: retries(0) }).promise
    expect(hits()).toBe(2)
    expect(final).toMatchObject({ status: 'partial', loadedRuns: 2, cursor: 'A' })
    expect(final.error).toBeInstanceOf(ContractError)
    expect(final.error).toMatchObject({ endpoint: '/runs', path: 'nextCursor' })
  })

  it('stops on a longer cursor cycle (A → B → A)', async () => {
    const hits = serve((cursor) => ({
      runs: cursor === null ? [run(1)] : [],
      nextCursor: cursor === 'A' ? 'B' : 'A',
      totalRuns: 1,
    }))
    const final = await load({ retry: retries(0) }).promise
    expect(hits()).toBe(3)
    expect(final).toMatchObject({ status: 'partial', loadedRuns: 1 })
    expect(final.error).toBeInstanceOf(ContractError)
  })

  it('stops when page after page brings no run it has not seen, each with a new cursor', async () => {
    const hits = serve((cursor) => ({
      runs: [run(1)],
      nextCursor: `c${Number((cursor ?? 'c0').slice(1)) + 1}`,
      totalRuns: 1,
    }))
    const final = await load({ retry: retries(0) }).promise
    expect(hits()).toBeLessThan(60)
    expect(final).toMatchObject({ status: 'partial', loadedRuns: 1 })
    expect(final.error).toBeInstanceOf(ContractError)
  })

  it('follows an empty page with a cursor and short pages with a cursor to the end', async () => {
    const list: Record<string, { runs: Run[]; nextCursor: string | null }> = {
      start: { runs: [run(1)], nextCursor: 'e' },
      e: { runs: [], nextCursor: 's' },
      s: { runs: [run(2)], nextCursor: 'f' },
      f: { runs: [run(3), run(4)], nextCursor: null },
    }
    serve((cursor) => ({ ...list[cursor ?? 'start'], totalRuns: 4 }))
    const final = await load({ pageSize: 2 }).promise
    expect(final).toMatchObject({ status: 'done', loadedRuns: 4, pages: 4, error: null })
  })
})
