import { describe, expect, it } from 'vitest'
import { zoneParam } from './zone-param'

describe('zoneParam', () => {
  it.each([
    ['Asia/Calcutta', 'Asia/Kolkata'],
    ['asia/calcutta', 'Asia/Kolkata'],
    ['Europe/Kiev', 'Europe/Kyiv'],
    ['US/Eastern', 'America/New_York'],
    ['Etc/UTC', 'UTC'],
    ['Asia/Kolkata', 'Asia/Kolkata'],
    ['Europe/Amsterdam', 'Europe/Amsterdam'],
  ])('accepts tz=%s as %s, without a note', (tz, zone) => {
    const ignored: string[] = []
    expect(zoneParam({ tz }, 'UTC', ignored)).toBe(zone)
    expect(ignored).toEqual([])
  })

  it('reads a default zone named the legacy way (as Intl names this browser’s) by its current name', () => {
    expect(zoneParam({}, 'Asia/Calcutta')).toBe('Asia/Kolkata')
    expect(zoneParam({}, 'Europe/Kiev')).toBe('Europe/Kyiv')
  })

  it('names the current name of the zone it falls back to', () => {
    const ignored: string[] = []
    expect(zoneParam({ tz: 'Mars/Olympus' }, 'Asia/Saigon', ignored)).toBe('Asia/Ho_Chi_Minh')
    expect(ignored).toEqual([
      'Ignored tz=Mars/Olympus: not a known time zone, using Asia/Ho_Chi_Minh',
    ])
  })
})
