// Shared fast-check arbitraries for the domain's tests (imported by *.test.ts only).
import fc from 'fast-check'
import { addDays, type IsoDay } from './iso-day'

/** The zones the brief names plus zones whose transitions sit at midnight or skip a day. */
export const TEST_ZONES = [
  'UTC',
  'Europe/Berlin',
  'America/New_York',
  'Australia/Lord_Howe',
  'Asia/Kathmandu',
  'Pacific/Chatham',
  'Asia/Beirut',
  'America/Santiago',
  'America/Havana',
] as const

/** Days on or next to a DST transition in at least one of {@link TEST_ZONES}. */
export const TRANSITION_DAYS: readonly IsoDay[] = [
  '2026-03-29', // Europe/Berlin spring
  '2026-10-25', // Europe/Berlin autumn
  '2026-03-08', // America/New_York spring
  '2026-11-01', // America/New_York autumn
  '2026-04-05', // Lord Howe, Chatham autumn
  '2026-10-04', // Lord Howe spring
  '2026-09-27', // Chatham spring
  '2024-03-31', // Asia/Beirut spring, at midnight
  '2024-10-27', // Asia/Beirut autumn, at midnight
  '2024-09-08', // America/Santiago spring, at midnight
  '2024-03-10', // America/Havana spring, at midnight
  '2024-11-03', // America/Havana autumn, back to midnight
]

const anyDay = fc
  .date({
    min: new Date('2000-01-01T00:00:00Z'),
    max: new Date('2035-12-31T00:00:00Z'),
    noInvalidDate: true,
  })
  .map((date) => date.toISOString().slice(0, 10))

/** A calendar day, half of the time within two days of a DST transition. */
export const dayArb: fc.Arbitrary<IsoDay> = fc.oneof(
  anyDay,
  fc
    .tuple(fc.constantFrom(...TRANSITION_DAYS), fc.integer({ min: -2, max: 2 }))
    .map(([day, shift]) => addDays(day, shift)),
)

export const zoneArb = fc.constantFrom(...TEST_ZONES)

/** An instant (epoch ms) within about a day of `day`'s UTC midnight, at millisecond precision. */
export const instantNear = (day: IsoDay): fc.Arbitrary<number> =>
  fc.integer({ min: -30 * 3_600_000, max: 54 * 3_600_000 }).map((shift) => Date.parse(day) + shift)
