import fc from 'fast-check'
import Papa from 'papaparse'
import { describe, expect, it } from 'vitest'
import { csvChunks } from './chunker'
import {
  CSV_NEWLINE,
  CsvDecimal,
  csvCell,
  csvLine,
  csvRecord,
  isFormulaLike,
  type CsvValue,
} from './escape'
import { toolsFilterCell } from './columns'

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

  it('writes a fixed decimal as its digits, a negative one unescaped, a tiny one as zero', () => {
    expect(csvCell(new CsvDecimal(0.023, 4))).toBe('0.0230')
    expect(csvCell(new CsvDecimal(-0.01934, 4))).toBe('-0.0193')
    expect(csvCell(new CsvDecimal(-0.00001, 4))).toBe('0.0000')
    expect(csvLine([new CsvDecimal(-0.5, 4), '-0.5'])).toBe("-0.5000,'-0.5\r\n")
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

describe('csvRecord — the fast path for rows needing no escaping', () => {
  const anyValue: fc.Arbitrary<CsvValue> = fc.oneof(
    cell,
    fc.constantFrom(null, undefined, '', Number.NaN, Infinity, -Infinity, -0, 1e21, 5e-7),
    fc.constantFrom('plain', 'run-1', '2026-11-03T10:00:00.000+01:00', 'a,b', 'say "hi"'),
  )

  it('writes every row exactly as its cells written one by one and joined by commas', () => {
    fc.assert(
      fc.property(fc.array(anyValue, { maxLength: 12 }), (values) => {
        const reference = values.map((value) => csvCell(value)).join(',')
        expect(csvRecord(values)).toBe(reference)
        expect(csvLine(values)).toBe(reference + CSV_NEWLINE)
      }),
      { numRuns: 2000 },
    )
  })

  it('escapes a row with one cell to escape among plain ones, holes read as empty', () => {
    expect(csvRecord(['a', 1, '=1', null])).toBe("a,1,'=1,")
    expect(csvRecord([2.5, 'x', 'a\nb'])).toBe('2.5,x,"a\nb"')
    expect(csvRecord([Number.NaN, 'x'])).toBe(',x')
    // A sparse row: a hole is an empty cell, as an undefined value is.
    const sparse: CsvValue[] = ['a']
    sparse[2] = 'c'
    expect(csvRecord(sparse)).toBe('a,,c')
    expect(csvRecord([])).toBe('')
  })
})

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

describe('toolsFilterCell', () => {
  it('reads back exactly, so a name with a separator is not two names', () => {
    const lists = fc.array(fc.string(), { maxLength: 4 })
    fc.assert(
      fc.property(lists, (tools) => {
        const cell = toolsFilterCell(tools)
        expect(cell === '' ? [] : JSON.parse(cell)).toEqual(tools.length === 0 ? [] : tools)
      }),
    )
    expect(toolsFilterCell(['a;b'])).not.toBe(toolsFilterCell(['a', 'b']))
    expect(toolsFilterCell(['a b'])).not.toBe(toolsFilterCell(['a', 'b']))
    expect(toolsFilterCell([])).toBe('')
  })
})
