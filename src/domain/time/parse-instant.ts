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

/** The number of the two ASCII digits at `at`, or -1 when one is not a digit (or missing). */
function twoDigits(s: string, at: number): number {
  const a = s.charCodeAt(at) - 48
  const b = s.charCodeAt(at + 1) - 48
  return a >= 0 && a <= 9 && b >= 0 && b <= 9 ? a * 10 + b : -1
}

const MONTH_DAYS = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]

/** Whether day `d` (1 or more) exists in month `m` of year `y`. */
function dayExists(y: number, m: number, d: number): boolean {
  if (d <= 28) return true
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0
  return d <= (m === 2 ? (leap ? 29 : 28) : (MONTH_DAYS[m] ?? 0))
}

// Steps of a page mostly share their date: the day number of the last one is kept.
let lastDate = -1
let lastDays = 0

/**
 * Epoch milliseconds of an RFC 3339 instant (`2026-11-03T14:05:09.120Z`, `…+01:00`), the same as
 * `Date.parse` gives, without its cost: the fold reads one per tool step. Anything outside the
 * common shape (or out of range, or a day its month lacks) goes to `Date.parse`, so the result
 * never differs from it; an unparsable text gives NaN. The shape nearly every instant has,
 * `toISOString`'s (`YYYY-MM-DDTHH:MM:SS.sssZ`), is read here, its digits checked together rather
 * than one by one; any other goes to the general reader below.
 */
export function parseInstantMs(s: string): number {
  if (s.length !== 24 || s.charCodeAt(23) !== 90) return parseGeneral(s)
  const y0 = s.charCodeAt(0) - 48
  const y1 = s.charCodeAt(1) - 48
  const y2 = s.charCodeAt(2) - 48
  const y3 = s.charCodeAt(3) - 48
  const m0 = s.charCodeAt(5) - 48
  const m1 = s.charCodeAt(6) - 48
  const d0 = s.charCodeAt(8) - 48
  const d1 = s.charCodeAt(9) - 48
  const h0 = s.charCodeAt(11) - 48
  const h1 = s.charCodeAt(12) - 48
  const i0 = s.charCodeAt(14) - 48
  const i1 = s.charCodeAt(15) - 48
  const s0 = s.charCodeAt(17) - 48
  const s1 = s.charCodeAt(18) - 48
  const f0 = s.charCodeAt(20) - 48
  const f1 = s.charCodeAt(21) - 48
  const f2 = s.charCodeAt(22) - 48
  // Every value is a digit when all lie in 0..15 (their bits together) and none in 10..15
  // (adding 6 sets bit 4 only for those).
  const all = y0 | y1 | y2 | y3 | m0 | m1 | d0 | d1 | h0 | h1 | i0 | i1 | s0 | s1 | f0 | f1 | f2
  const high =
    (y0 + 6) |
    (y1 + 6) |
    (y2 + 6) |
    (y3 + 6) |
    (m0 + 6) |
    (m1 + 6) |
    (d0 + 6) |
    (d1 + 6) |
    (h0 + 6) |
    (h1 + 6) |
    (i0 + 6) |
    (i1 + 6) |
    (s0 + 6) |
    (s1 + 6) |
    (f0 + 6) |
    (f1 + 6) |
    (f2 + 6)
  if (all < 0 || all > 15 || (high & 16) !== 0) return parseGeneral(s)
  if (
    s.charCodeAt(4) !== 45 ||
    s.charCodeAt(7) !== 45 ||
    s.charCodeAt(10) !== 84 ||
    s.charCodeAt(13) !== 58 ||
    s.charCodeAt(16) !== 58 ||
    s.charCodeAt(19) !== 46
  ) {
    return parseGeneral(s)
  }
  const h = h0 * 10 + h1
  const mi = i0 * 10 + i1
  const sec = s0 * 10 + s1
  if (h > 23 || mi > 59 || sec > 59) return parseGeneral(s)
  const y = ((y0 * 10 + y1) * 10 + y2) * 10 + y3
  const mo = m0 * 10 + m1
  const d = d0 * 10 + d1
  // In these bounds the key names one date, so a date met before was checked before.
  if (mo < 1 || mo > 12 || d < 1 || d > 31) return parseGeneral(s)
  const date = (y * 16 + mo) * 32 + d
  if (date !== lastDate) {
    if (!dayExists(y, mo, d)) return parseGeneral(s)
    lastDays = daysFromCivil(y, mo, d)
    lastDate = date
  }
  return lastDays * DAY_MS + ((h * 60 + mi) * 60 + sec) * 1000 + f0 * 100 + f1 * 10 + f2
}

/** Every other shape of RFC 3339 instant, for {@link parseInstantMs}. */
function parseGeneral(s: string): number {
  const length = s.length
  if (
    length < 20 ||
    s.charCodeAt(4) !== 45 ||
    s.charCodeAt(7) !== 45 ||
    s.charCodeAt(10) !== 84 ||
    s.charCodeAt(13) !== 58 ||
    s.charCodeAt(16) !== 58
  ) {
    return Date.parse(s)
  }
  const century = twoDigits(s, 0)
  const yy = twoDigits(s, 2)
  const mo = twoDigits(s, 5)
  const d = twoDigits(s, 8)
  const h = twoDigits(s, 11)
  const mi = twoDigits(s, 14)
  const sec = twoDigits(s, 17)
  if (century < 0 || yy < 0 || mo < 1 || mo > 12 || d < 1 || h < 0 || h > 23) return Date.parse(s)
  if (mi < 0 || mi > 59 || sec < 0 || sec > 59) return Date.parse(s)
  const y = century * 100 + yy
  // Engines disagree on days a month lacks (V8 rolls 02-30 over, others refuse): leave them.
  if (!dayExists(y, mo, d)) return Date.parse(s)
  let i = 19
  let ms = 0
  if (s.charCodeAt(i) === 46) {
    i++
    // Milliseconds are the first three digits; further ones are read and dropped.
    let scale = 100
    const start = i
    while (i < length) {
      const c = s.charCodeAt(i) - 48
      if (c < 0 || c > 9) break
      ms += c * scale
      scale = scale === 100 ? 10 : scale === 10 ? 1 : 0
      i++
    }
    if (i === start) return Date.parse(s)
  }
  let offset = 0
  const zone = s.charCodeAt(i)
  if (zone === 90 && i + 1 === length) offset = 0
  else if ((zone === 43 || zone === 45) && i + 6 === length && s.charCodeAt(i + 3) === 58) {
    const oh = twoDigits(s, i + 1)
    const om = twoDigits(s, i + 4)
    if (oh < 0 || om < 0 || oh > 23 || om > 59) return Date.parse(s)
    offset = (zone === 43 ? 1 : -1) * (oh * 60 + om) * 60_000
  } else return Date.parse(s)
  const date = (y * 16 + mo) * 32 + d
  if (date !== lastDate) {
    lastDays = daysFromCivil(y, mo, d)
    lastDate = date
  }
  return lastDays * DAY_MS + ((h * 60 + mi) * 60 + sec) * 1000 + ms - offset
}
