import { describe, expect, it } from 'vitest'
import { summaryGrainProblem } from './summary-grain'

const at = (iso: string) => Date.parse(iso)
const problem = (from: string, to: string, tz: string) =>
  summaryGrainProblem({ from: at(from), to: at(to), tz })

describe('summaryGrainProblem', () => {
  it('accepts local days of today’s zones, odd offsets and DST changes included', () => {
    expect(problem('2025-11-30T18:30:00Z', '2026-11-30T18:30:00Z', 'Asia/Kolkata')).toBeNull()
    expect(problem('2026-09-26T11:15:00Z', '2026-10-10T11:00:00Z', 'Pacific/Chatham')).toBeNull()
    expect(
      problem('2026-09-30T13:30:00Z', '2026-10-10T13:00:00Z', 'Australia/Lord_Howe'),
    ).toBeNull()
    expect(problem('2026-03-01T05:00:00Z', '2026-04-01T04:00:00Z', 'America/New_York')).toBeNull()
  })

  it('refuses bounds off a quarter hour as a bad request', () => {
    expect(problem('2026-11-02T10:17:23.456Z', '2026-11-06T09:00:00Z', 'UTC')).toMatchObject({
      error: 'bad_request',
      message: expect.stringMatching(/quarter hour/),
    })
    expect(problem('2026-11-10T00:00:00Z', '2026-11-10T00:00:01Z', 'UTC')?.error).toBe(
      'bad_request',
    )
  })

  it('names a zone whose local midnights fell off the quarter hours (older rules)', () => {
    // Liberia kept UTC−0:44:30 until 1972: its midnights were 00:44:30 UTC.
    const found = problem('1970-01-01T00:00:00Z', '1970-02-01T00:00:00Z', 'Africa/Monrovia')
    expect(found).toMatchObject({ error: 'zone_not_counted' })
    expect(found?.message).toMatch(
      /^In Africa\/Monrovia, the local midnight at 1970-01-\d\dT\d\d:\d\d:30\.000Z/,
    )
    // A range without a local midnight inside is one day, whatever the zone.
    expect(problem('1970-01-05T06:00:00Z', '1970-01-05T12:00:00Z', 'Africa/Monrovia')).toBeNull()
  })
})
