import { CsvDecimal } from './escape'

/**
 * A share (or a change of shares) as every export writes it: a number with 4 decimals
 * (`0.0347` = 3.47 %, `-0.0193` = 1.93 points fewer). No share (no calls) is an empty cell,
 * never 0.
 */
export function shareCell(value: number | null | undefined): CsvDecimal | null {
  return value === null || value === undefined || !Number.isFinite(value)
    ? null
    : new CsvDecimal(value, 4)
}
