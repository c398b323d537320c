import { afterEach, describe, expect, it, vi } from 'vitest'
import { http, HttpResponse } from 'msw'
import { server } from '@/testing/msw-server'
import { getMeta } from './endpoints'
import { askEarly, EARLY_KEPT_MS, forgetEarly } from './early-responses'
import { buildUrl } from './url'

const base = '/api/diagnostics/v1'
const meta = {
  installation: 'Early',
  privacyLevel: 'metadata',
  earliestAt: '2026-09-01T06:02:11Z',
  latestAt: '2026-11-28T17:40:00Z',
  retentionDays: 30,
  argumentCheckSince: null,
}

/** Answers `/meta` with the installation named by how many times it was asked. */
function countedMeta(): { asked: () => number } {
  let asked = 0
  server.use(
    http.get(`${base}/meta`, () => {
      asked += 1
      return HttpResponse.json({ ...meta, installation: `answer ${asked}` })
    }),
  )
  return { asked: () => asked }
}

afterEach(() => {
  forgetEarly()
  vi.useRealTimers()
})

describe('early requests', () => {
  it('the first request of the same URL takes the early answer; the next asks afresh', async () => {
    const counter = countedMeta()
    askEarly(buildUrl(base, '/meta'))
    askEarly(buildUrl(base, '/meta'))
    expect((await getMeta({ baseUrl: base })).installation).toBe('answer 1')
    expect(counter.asked()).toBe(1)
    expect((await getMeta({ baseUrl: base })).installation).toBe('answer 2')
    expect(counter.asked()).toBe(2)
  })

  it('is not taken for another URL, another Accept, or by an API with its own fetch', async () => {
    const counter = countedMeta()
    const elsewhere = vi.fn(() => Promise.resolve(HttpResponse.json(meta)))
    askEarly(buildUrl('/elsewhere', '/meta'), 'application/json', elsewhere)
    askEarly(buildUrl(base, '/meta'), 'text/csv', elsewhere)
    expect((await getMeta({ baseUrl: base })).installation).toBe('answer 1')
    expect(counter.asked()).toBe(1)
    expect(elsewhere).toHaveBeenCalledTimes(2)
    askEarly(buildUrl(base, '/meta'))
    const own = vi.fn(() => Promise.resolve(HttpResponse.json({ ...meta, installation: 'own' })))
    expect((await getMeta({ baseUrl: base, fetchFn: own })).installation).toBe('own')
    expect(own).toHaveBeenCalledTimes(1)
  })

  it('an early failure is the taker’s, as its own request’s would be', async () => {
    server.use(
      http.get(`${base}/meta`, () => HttpResponse.json({ error: 'busy' }, { status: 503 })),
    )
    askEarly(buildUrl(base, '/meta'))
    await expect(getMeta({ baseUrl: base })).rejects.toMatchObject({ status: 503 })
  })

  it('the taker’s abort aborts the early request', async () => {
    let abortedAsked: AbortSignal | undefined
    const hanging: typeof fetch = (_url, init) => {
      abortedAsked = init?.signal ?? undefined
      return new Promise((_resolve, reject) =>
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
      )
    }
    askEarly(buildUrl(base, '/meta'), 'application/json', hanging)
    const controller = new AbortController()
    const asked = getMeta({ baseUrl: base }, controller.signal)
    controller.abort(new Error('left the page'))
    await expect(asked).rejects.toThrow('left the page')
    expect(abortedAsked?.aborted).toBe(true)
  })

  it('one not taken in time is aborted and forgotten', async () => {
    vi.useFakeTimers()
    let signal: AbortSignal | undefined
    const hanging: typeof fetch = (_url, init) => {
      signal = init?.signal ?? undefined
      return new Promise(() => undefined)
    }
    askEarly(buildUrl(base, '/meta'), 'application/json', hanging)
    vi.advanceTimersByTime(EARLY_KEPT_MS + 1)
    expect(signal?.aborted).toBe(true)
    vi.useRealTimers()
    const counter = countedMeta()
    expect((await getMeta({ baseUrl: base })).installation).toBe('answer 1')
    expect(counter.asked()).toBe(1)
  })
})
