import fc from 'fast-check'
import Papa from 'papaparse'
import { describe, expect, it } from 'vitest'
import { csvChunks } from './chunker'
import { csvCell, csvLine, isFormulaLike } from './escape'

describe('csvCell — formula injection', () => {
  it.each([
    ['=SUM(A1:A9)', "'=SUM(A1:A9)"],
    ['+1', "'+1"],
    ['-1', "'-1"],
    ['@cmd', "'@cmd"],
    ['\tx', "'\tx"],
    ['\rx', `"'\rx"`],
    ['\nx', `"'\nx"`],
    ['\0x', "'\0x"],
    ['=1,2', `"'=1,2"`],
    ['=HYPERLINK("http://x")', `"'=HYPERLINK(""http://x"")"`],
    ['\n=1\n=2', `"'\n=1\n=2"`],
  ])('%j is written as %j', (value, expected) => {
    expect(csvCell(value)).toBe(expected)
  })

  it.each([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['line\nbreak', '"line\nbreak"'],
    ['x=1', 'x=1'],
    [' =1', ' =1'],
    ["'=1", "'=1"],
    ['ünïcode ✓ 🚀', 'ünïcode ✓ 🚀'],
    ['', ''],
  ])('%j is written as %j', (value, expected) => {
    expect(csvCell(value)).toBe(expected)
  })

  it('writes numbers as numbers, negative ones included, and blanks for no value', () => {
    expect(csvCell(-1)).toBe('-1')
    expect(csvCell(0.25)).toBe('0.25')
    expect(csvCell(Number.NaN)).toBe('')
    expect(csvCell(null)).toBe('')
    expect(csvCell(undefined)).toBe('')
    expect(csvLine(['a', 1, null, '-x'])).toBe("a,1,,'-x\r\n")
  })
})

const dangerous = fc.constantFrom('=', '+', '-', '@', '\t', '\r', '\n', '\0')
const nasty = fc.constantFrom(',', '"', '\r\n', '\n', '\r', "'", ' ', 'é', '𝄞', '=', '-')
const cellText = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 12 }),
  fc.tuple(dangerous, fc.string({ maxLength: 8 })).map(([d, s]) => d + s),
  fc.array(fc.oneof(nasty, fc.string({ maxLength: 3 })), { maxLength: 8 }).map((p) => p.join('')),
)
const cell = fc.oneof(
  cellText,
  cellText,
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
)

describe('CSV through papaparse', () => {
  it('round-trips random values: text with the apostrophe rule, numbers as their text', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 4 })
          .chain((width) =>
            fc.tuple(
              fc.constant(width),
              fc.array(fc.array(cell, { minLength: width, maxLength: width }), { maxLength: 20 }),
              fc.integer({ min: 1, max: 200 }),
            ),
          ),
        ([width, rows, chunkSize]) => {
          const header = Array.from({ length: width }, (_, i) => `c${i}`)
          const text = [...csvChunks(header, rows, { chunkSize })].join('')
          expect(text.startsWith('\uFEFF')).toBe(true)
          const parsed = Papa.parse<string[]>(text, { newline: '\r\n', delimiter: ',' })
          expect(parsed.errors).toEqual([])
          const expected = [header, ...rows.map((row) => row.map(expectedText))]
          // A CRLF after the last record makes papaparse add one empty row; the empty-file
          // special case is a lone header.
          expect(parsed.data.slice(0, -1)).toEqual(expected)
          expect(parsed.data.at(-1)).toEqual([''])
        },
      ),
      { numRuns: 300 },
    )
  })
})

function expectedText(value: string | number): string {
  if (typeof value === 'number') return String(value)
  return isFormulaLike(value) ? `'${value}` : value
}
