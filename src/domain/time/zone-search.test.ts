import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { legacyZoneNames, listedZoneNames } from './zone-names'
import { searchZones } from './zone-search'

const zones = listedZoneNames()
const found = (query: string) => searchZones(zones, query).map((m) => m.zone)

describe('searchZones', () => {
  it.each([
    ['kolk', 'Asia/Kolkata'],
    ['KYIV', 'Europe/Kyiv'],
    ['new york', 'America/New_York'],
    ['new_york', 'America/New_York'],
    ['  buenos   aires ', 'America/Argentina/Buenos_Aires'],
    ['ho chi', 'Asia/Ho_Chi_Minh'],
  ])('finds %o: %s first', (query, zone) => {
    expect(found(query)[0]).toBe(zone)
  })

  it('matches anywhere in the name, the city’s start first', () => {
    const berlin = found('berl')
    expect(berlin).toEqual(['Europe/Berlin'])
    const york = found('york')
    expect(york[0]).toBe('America/New_York')
    const matches = found('ana')
    // Asia/Anadyr's city starts with "ana"; America/Havana only holds it.
    expect(matches[0]).toBe('Asia/Anadyr')
    expect(matches).toContain('America/Havana')
    // A word's start ranks before the middle of one: "aires" starts a word of Buenos Aires.
    const aires = found('aires')
    expect(aires[0]).toBe('America/Argentina/Buenos_Aires')
  })

  it('finds a zone by its legacy name, and says which one matched', () => {
    expect(searchZones(zones, 'calcutta')).toEqual([
      { zone: 'Asia/Kolkata', byLegacyName: 'Asia/Calcutta' },
    ])
    expect(searchZones(zones, 'kiev')).toEqual([
      { zone: 'Europe/Kyiv', byLegacyName: 'Europe/Kiev' },
    ])
    expect(found('saigon')).toEqual(['Asia/Ho_Chi_Minh'])
    expect(found('us/eastern')).toEqual(['America/New_York'])
  })

  it('lists a zone matched by its own name without its legacy name', () => {
    expect(searchZones(zones, 'kolkata')).toEqual([{ zone: 'Asia/Kolkata', byLegacyName: null }])
  })

  it('matches every zone, in order, for a blank query, and none for a foreign word', () => {
    expect(found('')).toEqual(zones)
    expect(found('   ')).toEqual(zones)
    expect(found('atlantis')).toEqual([])
  })

  it('finds exactly the zones whose name or a legacy name holds the query', () => {
    const plain = (text: string) => text.toLowerCase().replace(/[_\s]+/g, ' ')
    const reference = (query: string) =>
      zones.filter((zone) =>
        [zone, ...legacyZoneNames(zone)].some((name) => plain(name).includes(plain(query).trim())),
      )
    const pieceOfAName = fc
      .tuple(fc.constantFrom(...zones, 'Asia/Calcutta', 'US/Eastern'), fc.nat(), fc.nat())
      .map(([name, a, b]) => name.slice(a % name.length, (a % name.length) + 1 + (b % 6)))
    fc.assert(
      fc.property(fc.oneof(pieceOfAName, fc.string({ maxLength: 3 })), (query) => {
        expect(new Set(found(query))).toEqual(new Set(reference(query)))
      }),
    )
  })
})
