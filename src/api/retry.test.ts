import { describe, expect, it } from 'vitest'
import { HttpError, NetworkError, TimeoutError } from './errors'
import { retryDelay, retryWait, shouldRetry } from './retry'

describe('retryDelay', () => {
  it('waits as long as Retry-After says on a 429 or 503', () => {
    expect(retryDelay(0, new HttpError('/meta', 503, null, null, 7_000))).toBe(7_000)
    expect(retryDelay(2, new HttpError('/tools', 429, null, null, 0))).toBe(0)
  })

  it('backs off 0.5 s, 1 s, 2 s … up to 8 s without Retry-After', () => {
    const error = new HttpError('/meta', 502, null, null, null)
    expect([0, 1, 2, 3, 4, 10].map((n) => retryDelay(n, error))).toEqual([
      500, 1_000, 2_000, 4_000, 8_000, 8_000,
    ])
    expect(retryDelay(1, new NetworkError('/meta'))).toBe(1_000)
  })
})

describe('shouldRetry', () => {
  it('never retries a 401 or 403, and retries server trouble three times', () => {
    for (const call of ['request', 'pages'] as const) {
      expect(shouldRetry(call, 0, new HttpError('/meta', 401, null, null, null))).toBe(false)
      expect(shouldRetry(call, 0, new HttpError('/meta', 403, null, null, null))).toBe(false)
      expect(shouldRetry(call, 2, new HttpError('/meta', 500, null, null, null))).toBe(true)
      expect(shouldRetry(call, 3, new HttpError('/meta', 500, null, null, null))).toBe(false)
    }
  })

  it('never asks again what a server does not implement (501)', () => {
    for (const call of ['request', 'pages', 'summary'] as const) {
      expect(shouldRetry(call, 0, new HttpError('/runs', 501, null, null, null))).toBe(false)
    }
  })

  it('never retries a timeout of a request: the reader sees the message after one wait, not four', () => {
    expect(shouldRetry('request', 0, new TimeoutError('/runs/x', 30_000))).toBe(false)
    expect(shouldRetry('pages', 0, new TimeoutError('/runs', 30_000))).toBe(true)
  })

  it('asks /summary again only when the server asked for patience', () => {
    const busy = (status: number) => new HttpError('/summary', status, null, null, null)
    expect([429, 503, 500, 502].map((s) => shouldRetry('summary', 0, busy(s)))).toEqual([
      true,
      true,
      false,
      false,
    ])
    expect(shouldRetry('summary', 0, new NetworkError('/summary'))).toBe(false)
    expect(shouldRetry('summary', 3, busy(503))).toBe(false)
  })
})

describe('retryWait', () => {
  it('is the delay while the policy retries, then null', () => {
    const error = new HttpError('/runs', 503, null, null, null)
    expect([0, 1, 2, 3].map((n) => retryWait('pages')(n, error))).toEqual([500, 1_000, 2_000, null])
  })
})
