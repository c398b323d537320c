const canonical = new Map<string, string | null>()
let listed: Map<string, string> | null = null

/**
 * The spelling of `name` in the runtime's zone list, matched without case. A name the list does
 * not hold (an alias such as `US/Eastern`, `Etc/UTC`, or `Asia/Kathmandu`, which ICU calls
 * `Asia/Katmandu`) is kept as written when it has a capital letter, since its spelling cannot be
 * looked up and the writer's is likely right; only an all-lower-case one gets each word
 * capitalised, a best guess (`asia/kathmandu` → `Asia/Kathmandu`).
 */
function listedSpelling(name: string): string {
  if (listed === null) {
    const zones =
      typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []
    listed = new Map(zones.map((zone) => [zone.toLowerCase(), zone]))
  }
  const spelled = listed.get(name.toLowerCase())
  if (spelled !== undefined) return spelled
  if (name !== name.toLowerCase()) return name
  return name.replace(/(^|[/_])([a-z])/g, (_m, sep: string, c: string) => sep + c.toUpperCase())
}
// IANA names only: Intl would also accept offsets such as `+01:00` on newer engines.
const IANA_LIKE = /^[A-Za-z][A-Za-z0-9_+\-/]*$/

/**
 * A time zone name the runtime's Intl knows, with its case fixed (`utc` → `UTC`, `europe/berlin` →
 * `Europe/Berlin`) but never swapped for an alias; null for a non-string, an empty string, an offset or an unknown name.
 */
export function normalizeZone(name: unknown): string | null {
  if (typeof name !== 'string' || name.length > 64 || !IANA_LIKE.test(name)) return null
  const known = canonical.get(name)
  if (known !== undefined) return known
  let resolved: string | null
  try {
    const intl = new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone
    // Keep the name people chose (ICU calls Asia/Kathmandu "Asia/Katmandu"); only fix its case,
    // from the runtime's list of zones when ICU answers with an alias.
    resolved = intl.toLowerCase() === name.toLowerCase() ? intl : listedSpelling(name)
  } catch {
    resolved = null
  }
  canonical.set(name, resolved)
  return resolved
}

/** True when `name` is a time zone name the runtime knows; false for anything else. */
export function isValidZone(name: unknown): name is string {
  return normalizeZone(name) !== null
}
