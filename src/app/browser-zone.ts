// The rule's own module, not `domain/time`: the entry stays a few kB.
import { normalizeZone } from '../domain/time/zone'

let zoneOfThisBrowser: string | null = null

/**
 * The browser's zone, the default when the URL names none (UTC when the browser names none the
 * runtime knows); read once per page. The first read loads the browser's date-format data
 * (about 10 ms), so start-up reads it in a task of its own rather than inside a page's first
 * render.
 */
export const browserZone = (): string =>
  (zoneOfThisBrowser ??= normalizeZone(Intl.DateTimeFormat().resolvedOptions().timeZone) ?? 'UTC')
