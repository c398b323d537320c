import { describe, expect, it, vi } from 'vitest'
import { offsetMs } from './offset'
import {
  currentZoneName,
  LEGACY_ZONE_NAME_PAIRS,
  legacyZoneNames,
  listedZoneNames,
} from './zone-names'

const HOUR = 3_600_000
const YEAR_START = Date.UTC(2026, 0, 1)
/** Every hour of 2026: a name with other rules than its current name differs at some hour. */
const INSTANTS = Array.from({ length: 365 * 24 }, (_, h) => YEAR_START + h * HOUR)

const accepted = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone })
    return true
  } catch {
    return false
  }
}

const differentOffsets = (a: string, b: string) =>
  INSTANTS.filter((t) => offsetMs(a, t) !== offsetMs(b, t)).map((t) => new Date(t).toISOString())

describe('currentZoneName', () => {
  it.each([
    ['Asia/Calcutta', 'Asia/Kolkata'],
    ['Europe/Kiev', 'Europe/Kyiv'],
    ['Asia/Saigon', 'Asia/Ho_Chi_Minh'],
    ['Asia/Katmandu', 'Asia/Kathmandu'],
    ['Asia/Rangoon', 'Asia/Yangon'],
    ['Atlantic/Faeroe', 'Atlantic/Faroe'],
    ['America/Buenos_Aires', 'America/Argentina/Buenos_Aires'],
    ['America/Indianapolis', 'America/Indiana/Indianapolis'],
    ['Pacific/Truk', 'Pacific/Chuuk'],
    ['Pacific/Ponape', 'Pacific/Pohnpei'],
    ['Pacific/Enderbury', 'Pacific/Kanton'],
    ['America/Godthab', 'America/Nuuk'],
    ['US/Eastern', 'America/New_York'],
    ['Etc/UTC', 'UTC'],
    ['asia/calcutta', 'Asia/Kolkata'],
  ])('reads %s as %s', (legacy, current) => {
    expect(currentZoneName(legacy)).toBe(current)
  })

  it.each([
    'Asia/Kolkata',
    'UTC',
    'Europe/Berlin',
    // Merged with Brussels and Berlin since 1970, but the names of their own places.
    'Europe/Amsterdam',
    'Europe/Oslo',
    'Mars/Olympus',
    '',
  ])('keeps %o', (name) => {
    expect(currentZoneName(name)).toBe(name)
  })

  it('keeps a legacy name whose current name the runtime does not know', async () => {
    vi.resetModules()
    const RealFormat = Intl.DateTimeFormat
    const older = function (locales?: string | string[], options?: Intl.DateTimeFormatOptions) {
      if (options?.timeZone === 'Europe/Kyiv') throw new RangeError('Invalid time zone')
      return new RealFormat(locales, options)
    }
    vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(older as typeof Intl.DateTimeFormat)
    try {
      const fresh = await import('./zone-names')
      expect(fresh.currentZoneName('Europe/Kiev')).toBe('Europe/Kiev')
      expect(fresh.currentZoneName('Asia/Calcutta')).toBe('Asia/Kolkata')
    } finally {
      vi.restoreAllMocks()
      // The modules read under the older Intl are not left for the files after this one.
      vi.resetModules()
    }
  })
})

describe('the legacy names', () => {
  it('name current names only: none of them is itself a legacy name', () => {
    const legacy = new Set(LEGACY_ZONE_NAME_PAIRS.map(([old]) => old.toLowerCase()))
    const chained = LEGACY_ZONE_NAME_PAIRS.filter(([, now]) => legacy.has(now.toLowerCase()))
    expect(chained).toEqual([])
  })

  it('give the same clock as the current name at every hour of a year, when Intl knows both', () => {
    const known = LEGACY_ZONE_NAME_PAIRS.filter(([old]) => accepted(old))
    // Node's ICU knows nearly all of them; the check must not pass by checking nothing.
    expect(known.length).toBeGreaterThan(100)
    const wrong = known
      .map(([old, now]) => ({ old, now, at: differentOffsets(old, now).slice(0, 3) }))
      .filter((pair) => pair.at.length > 0)
    expect(wrong).toEqual([])
  })

  it('are found from the current name', () => {
    expect(legacyZoneNames('Asia/Kolkata')).toEqual(['Asia/Calcutta'])
    expect(legacyZoneNames('America/New_York')).toEqual(['EST5EDT', 'US/Eastern'])
    expect(legacyZoneNames('Europe/Berlin')).toEqual([])
  })
})

describe('every zone Intl lists', () => {
  const supported = Intl.supportedValuesOf('timeZone')

  it('has a current name that Intl accepts, with the same offsets over a year', () => {
    const renamed = supported.filter((zone) => currentZoneName(zone) !== zone)
    // ICU lists Asia/Calcutta, Europe/Kiev …: there is something to check.
    expect(renamed).toEqual(expect.arrayContaining(['Asia/Calcutta', 'Europe/Kiev']))
    const wrong = renamed
      .map((zone) => ({ zone, now: currentZoneName(zone) }))
      .filter(({ zone, now }) => !accepted(now) || differentOffsets(zone, now).length > 0)
    expect(wrong).toEqual([])
    // The others keep their name, which Intl listed.
    expect(supported.filter((zone) => !accepted(currentZoneName(zone)))).toEqual([])
  })

  it('is listed once, by its current name, with UTC', () => {
    const listed = listedZoneNames()
    expect(listed).toEqual(expect.arrayContaining(['UTC', 'Asia/Kolkata', 'Europe/Kyiv']))
    expect(listed).not.toContain('Asia/Calcutta')
    expect(listed).not.toContain('Europe/Kiev')
    expect(new Set(listed).size).toBe(listed.length)
    expect(listed.filter((zone) => currentZoneName(zone) !== zone)).toEqual([])
    expect(new Set(listed)).toEqual(new Set(['UTC', ...supported.map(currentZoneName)]))
  })
})
