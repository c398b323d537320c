const canonical = new Map<string, string | null>()
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
    // Keep the name people chose (ICU calls Asia/Kathmandu "Asia/Katmandu"); only fix its case.
    resolved = intl.toLowerCase() === name.toLowerCase() ? intl : name
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

/** The zone this runtime runs in (the browser's zone), or `UTC` when it cannot tell. */
export function systemZone(): string {
  return normalizeZone(new Intl.DateTimeFormat().resolvedOptions().timeZone) ?? 'UTC'
}
