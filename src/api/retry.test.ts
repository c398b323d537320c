import { describe, expect, it } from 'vitest'
import { HttpError, NetworkError, TimeoutError, describeApiError } from './errors'
import { retryDelay, retryPolicy } from './queries'

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

describe('retryPolicy', () => {
  it('never retries a 401 or 403, and retries server trouble three times', () => {
    expect(retryPolicy(0, new HttpError('/meta', 401, null, null, null))).toBe(false)
    expect(retryPolicy(0, new HttpError('/meta', 403, null, null, null))).toBe(false)
    expect(retryPolicy(2, new HttpError('/meta', 500, null, null, null))).toBe(true)
    expect(retryPolicy(3, new HttpError('/meta', 500, null, null, null))).toBe(false)
  })

  it('never retries a timeout: the reader sees the message after one wait, not four', () => {
    expect(retryPolicy(0, new TimeoutError('/runs/x', 30_000))).toBe(false)
  })
})

describe('describeApiError', () => {
  it("ends with one full stop when the server's sentence has its own", () => {
    const error = new HttpError('/runs/x', 503, 'busy', 'Try later.', 1_000)
    expect(describeApiError(error)).toBe(
      'The diagnostics API answered HTTP 503 for /runs/x — Try later.',
    )
  })
})
