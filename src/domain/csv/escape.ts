/**
 * A number written with a fixed count of decimals (`0.0230`, `-0.0193`): data, never a formula,
 * so written as it is. `String()` and `join` write its text.
 */
export class CsvDecimal {
  readonly text: string
  constructor(value: number, places: number) {
    const text = value.toFixed(places)
    // A tiny negative rounds to "-0.0000": it is zero.
    this.text = Number(text) === 0 ? (0).toFixed(places) : text
  }
  toString(): string {
    return this.text
  }
}

/** A cell: text (escaped), a number (written as a number), a fixed decimal, or empty. */
export type CsvValue = string | number | CsvDecimal | null | undefined

/** Line end between records, as RFC 4180 asks. */
export const CSV_NEWLINE = '\r\n'

// = + - @ tab CR LF NUL: a spreadsheet may read a cell starting with one of these as a formula.
const NEEDS_QUOTES = /[",\r\n]/
const QUOTE = /"/g

/** Whether a character code may start a formula: `=` `+` `-` `@` tab CR LF NUL. */
function startsFormula(code: number): boolean {
  return (
    code === 0x3d ||
    code === 0x2b ||
    code === 0x2d ||
    code === 0x40 ||
    code === 0x09 ||
    code === 0x0d ||
    code === 0x0a ||
    code === 0x00
  )
}

/** True when a text cell would be taken for a formula and so gets a leading apostrophe. */
export function isFormulaLike(text: string): boolean {
  return text.length > 0 && startsFormula(text.charCodeAt(0))
}

function textCell(value: string): string {
  const text = startsFormula(value.charCodeAt(0)) ? `'${value}` : value
  return NEEDS_QUOTES.test(text) ? `"${text.replace(QUOTE, '""')}"` : text
}

/**
 * One cell of RFC 4180 CSV. Text starting with `=` `+` `-` `@`, tab, CR, LF or NUL gets a leading
 * apostrophe (formula injection), then is quoted when it holds `,` `"` CR or LF. Numbers and
 * fixed decimals are written as numbers, negative ones too (they are data, never a formula); NaN,
 * ±Infinity, null and undefined are empty cells.
 */
export function csvCell(value: CsvValue): string {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : ''
  if (value instanceof CsvDecimal) return value.text
  if (value === null || value === undefined || value === '') return ''
  return textCell(value)
}

/** Whether `value` is written exactly as `Array.prototype.join` writes it (no escaping needed). */
function isPlain(value: CsvValue): boolean {
  if (typeof value === 'string') {
    return value === '' || !(startsFormula(value.charCodeAt(0)) || NEEDS_QUOTES.test(value))
  }
  if (typeof value === 'number') return Number.isFinite(value)
  return value === null || value === undefined || value instanceof CsvDecimal
}

/**
 * One record without its line end: the cells joined by commas. No values give an empty text.
 * It runs once per exported row, so a row whose every cell needs no escaping (the usual case)
 * is joined as it is — `join` writes finite numbers as `String` does, null and undefined as
 * nothing — and only a row with a cell to escape builds its cells one by one.
 */
export function csvRecord(values: readonly CsvValue[]): string {
  let plain = true
  for (let i = 0; i < values.length && plain; i++) plain = isPlain(values[i])
  if (plain) return values.join(',')
  const cells: string[] = []
  for (let i = 0; i < values.length; i++) cells.push(csvCell(values[i]))
  return cells.join(',')
}

/** One record: the cells joined by commas and ended by CRLF. No values give an empty record. */
export function csvLine(values: readonly CsvValue[]): string {
  return csvRecord(values) + CSV_NEWLINE
}
