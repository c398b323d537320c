import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { parseInstantMs } from './parse-instant'

const pad = (n: number, w: number) => String(n).padStart(w, '0')

describe('parseInstantMs', () => {
  it('agrees with Date.parse on generated RFC 3339 instants', () => {
    const instant = fc
      .record({
        ms: fc.integer({ min: Date.UTC(1970, 0, 1), max: Date.UTC(2100, 0, 1) }),
        fraction: fc.constantFrom('', '.1', '.12', '.120', '.1234', '.999999'),
        offset: fc.constantFrom(
          'Z',
          '+00:00',
          '+01:00',
          '-05:00',
          '+05:45',
          '+13:45',
          '-09:30',
          '+14:00',
        ),
      })
      .map(({ ms, fraction, offset }) => {
        const d = new Date(ms)
        const base = `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1, 2)}-${pad(d.getUTCDate(), 2)}T${pad(d.getUTCHours(), 2)}:${pad(d.getUTCMinutes(), 2)}:${pad(d.getUTCSeconds(), 2)}`
        return base + fraction + offset
      })
    fc.assert(
      fc.property(instant, (s) => Object.is(parseInstantMs(s), Date.parse(s))),
      { numRuns: 5000 },
    )
  })

  it('agrees on every day of every month, leap years and centuries included', () => {
    for (const year of [1999, 2000, 2024, 2026, 2100]) {
      for (let month = 1; month <= 12; month++) {
        for (let day = 1; day <= 31; day++) {
          const s = `${year}-${pad(month, 2)}-${pad(day, 2)}T23:30:00.5+05:45`
          expect(Object.is(parseInstantMs(s), Date.parse(s)), s).toBe(true)
        }
      }
    }
  })

  it('leaves everything else to Date.parse, so odd input never differs', () => {
    const odd = fc.oneof(
      fc.string(),
      fc.constantFrom(
        '2026-02-30T10:00:00Z',
        '2026-02-29T10:00:00Z',
        '2024-02-29T23:59:59.999+14:00',
        '2024-02-30T00:00:00Z',
        '2100-02-29T00:00:00Z',
        '2000-02-29T00:00:00-12:00',
        '2026-04-31T00:00:00Z',
        '2026-06-31T12:00:00+01:00',
        '2026-12-31T23:59:59.9999999Z',
        '2026-11-00T10:00:00Z',
        '2026-11-3T10:00:00Z',
        '2026-11-03T10:00:00.120z',
        '2026-11-03T10:00:00+01:60',
        '2026-11-03T10:00:00+1:00',
        '2026-11-03T10:00:00.5+01:00x',
        '2026-13-01T00:00:00Z',
        '2026-11-03T24:00:00Z',
        '2026-11-03t10:00:00z',
        '2026-11-03T10:00:60Z',
        '2026-11-03T10:00:00.Z',
        '2026-11-03T10:00:00+0100',
        '2026-11-03 10:00:00Z',
        'yesterday',
        '',
      ),
    )
    fc.assert(
      fc.property(odd, (s) => Object.is(parseInstantMs(s), Date.parse(s))),
      { numRuns: 2000 },
    )
  })

  it('agrees on toISOString shapes with one character changed, read in sequence', () => {
    // In sequence, so that the date kept from one instant meets the next one's changed text.
    const canonical = fc.integer({ min: Date.UTC(1970, 0, 1), max: Date.UTC(2100, 0, 1) })
    const changed = fc
      .tuple(canonical, fc.nat(23), fc.constantFrom(...'0123456789:-T.Z+/ a\u0660'.split('')))
      .map(([ms, at, char]) => {
        const s = new Date(ms).toISOString()
        return s.slice(0, at) + char + s.slice(at + 1)
      })
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            canonical.map((ms) => new Date(ms).toISOString()),
            changed,
          ),
        ),
        (list) => list.every((s) => Object.is(parseInstantMs(s), Date.parse(s))),
      ),
      { numRuns: 1000 },
    )
  })

  it('does not take a day its month lacks for a date read just before', () => {
    // (month, day) pairs that a key without bounds would confuse: 02-08 and 01-40.
    expect(parseInstantMs('2026-02-08T00:00:00.000Z')).toBe(Date.parse('2026-02-08T00:00:00.000Z'))
    expect(parseInstantMs('2026-01-40T00:00:00.000Z')).toBeNaN()
    expect(parseInstantMs('2026-02-31T00:00:00.000Z')).toBe(Date.parse('2026-02-31T00:00:00.000Z'))
  })
})
