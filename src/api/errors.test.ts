import { describe, expect, it } from 'vitest'
import { HttpError, describeApiError, parseRetryAfter } from './errors'

const now = Date.parse('2026-11-03T14:00:00Z')

describe('parseRetryAfter', () => {
  it.each([
    ['120', 120_000],
    ['  7 ', 7_000],
    ['0', 0],
    ['Tue, 03 Nov 2026 14:00:30 GMT', 30_000],
    ['Tuesday, 03-Nov-26 14:00:30 GMT', 30_000],
    ['Tue Nov  3 14:00:30 2026', 30_000],
    ['Mon, 02 Nov 2026 14:00:00 GMT', 0],
    ['999999999', 600_000],
  ])('reads %j as %i ms', (value, ms) => {
    expect(parseRetryAfter(value, now)).toBe(ms)
  })

  it.each(['1.5', '-5', '5s', 'soon', '2026-11-03', '', '   '])(
    'does not take %j for a wait (the lenient Date.parse read "1.5" as 5 January 2001: wait 0)',
    (value) => {
      expect(parseRetryAfter(value, now)).toBeNull()
    },
  )
})

describe('describeApiError', () => {
  it("ends with one full stop when the server's sentence has its own", () => {
    const error = new HttpError('/runs/x', 503, 'busy', 'Try later.', 1_000)
    expect(describeApiError(error)).toBe(
      'The diagnostics API answered HTTP 503 for /runs/x — Try later.',
    )
  })
})
