/** A cell: text (escaped), a number (written as a number), or empty. */
export type CsvValue = string | number | null | undefined

/** Line end between records, as RFC 4180 asks. */
export const CSV_NEWLINE = '\r\n'

// = + - @ tab CR LF NUL: a spreadsheet may read a cell starting with one of these as a formula.
const DANGEROUS_FIRST = new Set([0x3d, 0x2b, 0x2d, 0x40, 0x09, 0x0d, 0x0a, 0x00])
const NEEDS_QUOTES = /[",\r\n]/
const QUOTE = /"/g

/** True when a text cell would be taken for a formula and so gets a leading apostrophe. */
export function isFormulaLike(text: string): boolean {
  return text.length > 0 && DANGEROUS_FIRST.has(text.charCodeAt(0))
}

/**
 * One cell of RFC 4180 CSV. Text starting with `=` `+` `-` `@`, tab, CR, LF or NUL gets a leading
 * apostrophe (formula injection), then is quoted when it holds `,` `"` CR or LF. Numbers are
 * written as numbers, negative ones too (they are data, never a formula); NaN, ±Infinity, null
 * and undefined are empty cells.
 */
export function csvCell(value: CsvValue): string {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : ''
  if (value === null || value === undefined || value === '') return ''
  const text = isFormulaLike(value) ? `'${value}` : value
  return NEEDS_QUOTES.test(text) ? `"${text.replace(QUOTE, '""')}"` : text
}

/** One record: the cells joined by commas and ended by CRLF. No values give an empty record. */
export function csvLine(values: readonly CsvValue[]): string {
  let line = ''
  for (let i = 0; i < values.length; i++) line += (i === 0 ? '' : ',') + csvCell(values[i])
  return line + CSV_NEWLINE
}
