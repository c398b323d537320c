import { describe, expect, it } from 'vitest'
import { decisionDate, needsFirstRefusal } from './decision-date'
import { parseEffectParams } from './params'

describe('decisionDate', () => {
  const meta = '2026-11-05T09:00:00Z'
  it('prefers since= from the URL, then /meta, then the first refusal', () => {
    expect(decisionDate({ sinceMs: 5, argumentCheckSince: meta, firstRefusalMs: 1 })).toEqual({
      ms: 5,
      source: 'url',
    })
    expect(decisionDate({ sinceMs: null, argumentCheckSince: meta, firstRefusalMs: 1 })).toEqual({
      ms: Date.parse(meta),
      source: 'meta',
    })
    expect(decisionDate({ sinceMs: null, argumentCheckSince: null, firstRefusalMs: 7 })).toEqual({
      ms: 7,
      source: 'first-refusal',
    })
    expect(
      decisionDate({ sinceMs: null, argumentCheckSince: null, firstRefusalMs: null }),
    ).toBeNull()
  })
  it('needs the data only when neither the URL nor /meta names a date', () => {
    expect(needsFirstRefusal(null, null)).toBe(true)
    expect(needsFirstRefusal(null, meta)).toBe(false)
    expect(needsFirstRefusal(1, null)).toBe(false)
  })
})

describe('parseEffectParams', () => {
  it('reads since as a day in the zone or an instant, and window in days', () => {
    expect(parseEffectParams({ since: '2026-11-05', window: '28' }, 'Europe/Berlin')).toEqual({
      sinceMs: Date.parse('2026-11-04T23:00:00Z'),
      windowDays: 28,
      ignored: [],
    })
    expect(parseEffectParams({ since: '2026-11-05T10:00:00+01:00' }, 'UTC').sinceMs).toBe(
      Date.parse('2026-11-05T09:00:00Z'),
    )
  })
  it('falls back with a line for every bad value, and defaults to 14 days', () => {
    const parsed = parseEffectParams({ since: 'yesterday', window: ['0', '7'] }, 'UTC')
    expect(parsed.sinceMs).toBeNull()
    expect(parsed.windowDays).toBe(14)
    expect(parsed.ignored).toEqual([
      'Ignored since=yesterday: not a day (YYYY-MM-DD) or a time with offset',
      'Ignored window=["7"]: window is given more than once',
      'Ignored window=0: not a whole number of days from 1 to 366',
    ])
    expect(parseEffectParams({}, 'UTC')).toEqual({ sinceMs: null, windowDays: 14, ignored: [] })
    expect(parseEffectParams({ since: '2026-11-05T09:00:00' }, 'UTC').sinceMs).toBeNull()
  })
})
