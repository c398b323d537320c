import { normalizeZone } from '../time/zone'
import { currentZoneName } from '../time/zone-names'
import { describeValue } from './describe-value'
import { readSingle, type UncheckedSearch } from './read-param'

/**
 * The zone of a URL's `tz` parameter: the named zone when the runtime knows it, else
 * `defaultZone` (UTC if that is invalid too), noting a rejected value in `ignored`; either by
 * its current name (`tz=Asia/Calcutta` is read as `Asia/Kolkata`, the same clock, without a
 * note: an old link is not wrong, and the next change writes the current name). The one
 * rule for the zone; it needs nothing from the installation, so a page can name its zone before
 * `/meta` has loaded (and the entry before React has).
 */
export function zoneParam(
  raw: UncheckedSearch,
  defaultZone: string,
  ignored: string[] = [],
): string {
  const fallback = currentZoneName(normalizeZone(defaultZone) ?? 'UTC')
  const value = readSingle(raw, 'tz', ignored)
  if (value === undefined) return fallback
  const zone = normalizeZone(value)
  if (zone !== null) return currentZoneName(zone)
  ignored.push(`Ignored tz=${describeValue(value)}: not a known time zone, using ${fallback}`)
  return fallback
}
