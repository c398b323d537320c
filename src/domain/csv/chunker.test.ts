import { describe, expect, it } from 'vitest'
import { createCsvChunker, csvChunks, exceedsExcelRows, EXCEL_MAX_ROWS } from './chunker'

describe('the CSV chunker', () => {
  it('cuts the file into bounded chunks that join to the whole, counting rows', () => {
    const rows = Array.from({ length: 1000 }, (_, i) => [`run-${i}`, i])
    const chunker = createCsvChunker(['a', 'b'], { chunkSize: 500 })
    const chunks: string[] = []
    for (const row of rows) {
      const chunk = chunker.push(row)
      if (chunk !== null) chunks.push(chunk)
    }
    chunks.push(chunker.end())
    expect(chunker.rows).toBe(1000)
    expect(chunks.length).toBeGreaterThan(10)
    // A chunk ends at a row boundary and exceeds the size by less than one row.
    for (const chunk of chunks) {
      expect(chunk.endsWith('\r\n')).toBe(true)
      expect(chunk.length).toBeLessThan(500 + 20)
    }
    const whole = chunks.join('')
    expect(whole.startsWith('\uFEFFa,b\r\nrun-0,0\r\n')).toBe(true)
    expect(whole.split('\r\n')).toHaveLength(1000 + 2)
  })

  it('writes only the header for no rows, and the BOM can be turned off', () => {
    const chunks = csvChunks(['a', 'b'], [], { bom: false })
    expect([...chunks]).toEqual(['a,b\r\n'])
    const generator = csvChunks(['a'], [['x'], ['y']])
    expect(generator.next().value).toBe('\uFEFFa\r\nx\r\ny\r\n')
    expect(generator.next()).toEqual({ done: true, value: 2 })
  })

  it("warns past Excel's 1,048,576 rows, header included", () => {
    expect(EXCEL_MAX_ROWS).toBe(1_048_576)
    expect(exceedsExcelRows(1_048_575)).toBe(false)
    expect(exceedsExcelRows(1_048_576)).toBe(true)
  })
})
