import { legacyZoneNames } from './zone-names'

/** A zone that matches a search, and the legacy name it matched by, if only that matched. */
export interface ZoneMatch {
  zone: string
  /** Set when the current name does not match and this old name does (`calcutta`). */
  byLegacyName: string | null
}

/** Lower case, underscores as spaces, runs of spaces as one: how names and queries compare. */
const searchable = (text: string): string => text.toLowerCase().replace(/[_\s]+/g, ' ')

/**
 * How well `name` matches `needle` (already {@link searchable}): 0 when its last part (the
 * city) starts with it, 1 when any part or word does, 2 anywhere else; null for no match.
 */
function rank(name: string, needle: string): number | null {
  const text = searchable(name)
  const at = text.indexOf(needle)
  if (at < 0) return null
  const city = text.slice(text.lastIndexOf('/') + 1)
  if (city.startsWith(needle)) return 0
  for (let i = at; i >= 0; i = text.indexOf(needle, i + 1)) {
    if (i === 0 || text[i - 1] === '/' || text[i - 1] === ' ') return 1
  }
  return 2
}

/**
 * The zones of `zones` that match `query`, best first: anywhere in the name, without case,
 * spaces for underscores (`new york` finds `America/New_York`), or in one of its legacy names
 * (`calcutta` finds `Asia/Kolkata`). Matches of the city's start come first, then of a part's
 * or word's start, then the rest, then legacy names; each group in the order of `zones`. An
 * empty or blank query matches every zone, in the order of `zones`.
 */
export function searchZones(zones: readonly string[], query: string): ZoneMatch[] {
  const needle = searchable(query).trim()
  if (needle === '') return zones.map((zone) => ({ zone, byLegacyName: null }))
  const ranked: { match: ZoneMatch; rank: number; index: number }[] = []
  zones.forEach((zone, index) => {
    const own = rank(zone, needle)
    if (own !== null) {
      ranked.push({ match: { zone, byLegacyName: null }, rank: own, index })
      return
    }
    const legacy = legacyZoneNames(zone).find((name) => rank(name, needle) !== null)
    if (legacy !== undefined) ranked.push({ match: { zone, byLegacyName: legacy }, rank: 3, index })
  })
  ranked.sort((a, b) => a.rank - b.rank || a.index - b.index)
  return ranked.map((r) => r.match)
}
