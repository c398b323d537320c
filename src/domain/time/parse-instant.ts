const DAY_MS = 86_400_000

/** Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's days_from_civil). */
function daysFromCivil(y: number, m: number, d: number): number {
  const year = m <= 2 ? y - 1 : y
  const era = Math.floor(year / 400)
  const yoe = year - era * 400
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy
  return era * 146_097 + doe - 719_468
}

/** The number of the `length` ASCII digits at `at`, or -1 when one is not a digit. */
function digits(s: string, at: number, length: number): number {
  let n = 0
  for (let i = at; i < at + length; i++) {
    const c = s.charCodeAt(i) - 48
    if (c < 0 || c > 9) return -1
    n = n * 10 + c
  }
  return n
}

/**
 * Epoch milliseconds of an RFC 3339 instant (`2026-11-03T14:05:09.120Z`, `…+01:00`), the same as
 * `Date.parse` gives, without its cost: the fold reads one per tool step. Anything outside the
 * common shape (or out of range) goes to `Date.parse`, so the result never differs from it; an
 * unparsable text gives NaN.
 */
export function parseInstantMs(s: string): number {
  if (
    s.length < 20 ||
    s.charCodeAt(4) !== 45 ||
    s.charCodeAt(7) !== 45 ||
    s.charCodeAt(10) !== 84
  ) {
    return Date.parse(s)
  }
  if (s.charCodeAt(13) !== 58 || s.charCodeAt(16) !== 58) return Date.parse(s)
  const y = digits(s, 0, 4)
  const mo = digits(s, 5, 2)
  const d = digits(s, 8, 2)
  const h = digits(s, 11, 2)
  const mi = digits(s, 14, 2)
  const sec = digits(s, 17, 2)
  if (y < 0 || mo < 1 || mo > 12 || d < 1 || d > 28 || h < 0 || h > 23 || mi < 0 || mi > 59) {
    // Days 29–31 need the month's length: leave them (and every odd value) to Date.parse.
    return Date.parse(s)
  }
  if (sec < 0 || sec > 59) return Date.parse(s)
  let i = 19
  let ms = 0
  if (s.charCodeAt(i) === 46) {
    i++
    let scale = 100
    const start = i
    while (i < s.length) {
      const c = s.charCodeAt(i) - 48
      if (c < 0 || c > 9) break
      if (scale >= 1) ms += c * scale
      scale /= 10
      i++
    }
    if (i === start) return Date.parse(s)
  }
  let offset = 0
  const zone = s.charCodeAt(i)
  if (zone === 90 && i + 1 === s.length) offset = 0
  else if ((zone === 43 || zone === 45) && i + 6 === s.length && s.charCodeAt(i + 3) === 58) {
    const oh = digits(s, i + 1, 2)
    const om = digits(s, i + 4, 2)
    if (oh < 0 || om < 0 || oh > 23 || om > 59) return Date.parse(s)
    offset = (zone === 43 ? 1 : -1) * (oh * 60 + om) * 60_000
  } else return Date.parse(s)
  return daysFromCivil(y, mo, d) * DAY_MS + ((h * 60 + mi) * 60 + sec) * 1000 + ms - offset
}
