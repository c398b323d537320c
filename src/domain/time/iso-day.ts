/**
 * A calendar day as `YYYY-MM-DD` (years 1000–9999). A plain string so it can sit in URLs, JSON
 * and record keys; {@link isIsoDay} is the only gate that admits one.
 */
export type IsoDay = string

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/
const DAY_MS = 86_400_000

/** The year, month (1–12) and day of an ISO day, or null for anything that is not a real date. */
export function parseIsoDay(value: unknown): { year: number; month: number; day: number } | null {
  if (typeof value !== 'string') return null
  const match = ISO_DAY.exec(value)
  if (match === null) return null
  const year = Number(match[1])
  const month = Number(match[2])
  const day = Number(match[3])
  if (year < 1000 || month < 1 || month > 12 || day < 1) return null
  // A real date survives the round trip through the calendar; 2026-02-30 does not.
  const date = new Date(Date.UTC(year, month - 1, day))
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null
  return { year, month, day }
}

/** True for a `YYYY-MM-DD` string that names a real calendar day; false for anything else. */
export function isIsoDay(value: unknown): value is IsoDay {
  return parseIsoDay(value) !== null
}

/** Days since 1970-01-01 of a valid ISO day (calendar arithmetic, no time zone involved). */
export function epochDayOf(day: IsoDay): number {
  const parts = parseIsoDay(day)
  if (parts === null) return Number.NaN
  return Date.UTC(parts.year, parts.month - 1, parts.day) / DAY_MS
}

/** The ISO day of a day count since 1970-01-01; a non-finite count gives an empty string. */
export function isoDayFromEpochDay(epochDay: number): IsoDay {
  if (!Number.isFinite(epochDay)) return ''
  return new Date(Math.round(epochDay) * DAY_MS).toISOString().slice(0, 10)
}

/** The day `n` calendar days after `day` (negative `n` goes back); an invalid day gives ''. */
export function addDays(day: IsoDay, n: number): IsoDay {
  return isoDayFromEpochDay(epochDayOf(day) + n)
}

/** How many days `[from, to]` holds, both inclusive; 0 when `to` is before `from` or invalid. */
export function daySpan(from: IsoDay, to: IsoDay): number {
  const span = epochDayOf(to) - epochDayOf(from) + 1
  return Number.isFinite(span) && span > 0 ? span : 0
}

/** Every day of `[from, to]` in order; empty when `to` is before `from` or either is invalid. */
export function eachDay(from: IsoDay, to: IsoDay): IsoDay[] {
  const first = epochDayOf(from)
  const days: IsoDay[] = []
  const count = daySpan(from, to)
  for (let i = 0; i < count; i++) days.push(isoDayFromEpochDay(first + i))
  return days
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/**
 * A day as a person reads it, "28 Nov 2026" (the year left out with `withYear: false`); the
 * text itself for anything that is not a valid day.
 */
export function formatDay(day: IsoDay, withYear = true): string {
  const parts = parseIsoDay(day)
  if (parts === null) return String(day)
  const month = MONTHS[parts.month - 1] ?? ''
  return withYear ? `${parts.day} ${month} ${parts.year}` : `${parts.day} ${month}`
}
