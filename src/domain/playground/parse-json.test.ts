import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { lineAndColumn, parseJsonText } from './parse-json'

const errorOf = (text: string) => {
  const parsed = parseJsonText(text)
  if (parsed.status !== 'error') throw new Error(`expected an error for ${text}`)
  return parsed.error
}

describe('parseJsonText', () => {
  it('reads blank text as empty and valid JSON as its value', () => {
    expect(parseJsonText('  \n')).toEqual({ status: 'empty' })
    expect(parseJsonText('{"uid": "5"}')).toEqual({ status: 'ok', value: { uid: '5' } })
    expect(parseJsonText('[]')).toEqual({ status: 'ok', value: [] })
  })

  it.each([
    ['{"uid": 1,\n  "title": }', 2, 12, /Expected a value/],
    ['{"uid": 1,}', 1, 11, /comma before a closing bracket/],
    ["{'uid': 1}", 1, 2, /double quotes/],
    ['{"uid" 1}', 1, 8, /Expected ":"/],
    ['{"uid": 1', 1, 10, /ends before/],
    ['{"a": "x\ny"}', 1, 9, /must be escaped/],
    ['{"a": "\\q"}', 1, 8, /not a JSON escape/],
    ['{"a": "open}', 1, 7, /never closed/],
    ['[1 2]', 1, 4, /Expected "," or "]"/],
    ['{"a": 1} x', 1, 10, /after the JSON value/],
    ['{"a": -}', 1, 7, /number/],
    ['{"a": tru}', 1, 7, /Expected a value/],
  ])('locates the error in %j at line %i, column %i', (text, line, column, message) => {
    const error = errorOf(text)
    expect({ line: error.line, column: error.column }).toEqual({ line, column })
    expect(error.message).toMatch(message)
  })

  it('finds an error in deeply nested text without overflowing the stack', () => {
    const text = `${'['.repeat(200_000)}x`
    expect(errorOf(text).column).toBe(200_001)
  })

  it('agrees with JSON.parse on what is valid, and never throws', () => {
    fc.assert(
      fc.property(fc.oneof(fc.json(), fc.string()), (text) => {
        let valid = true
        try {
          JSON.parse(text)
        } catch {
          valid = false
        }
        const parsed = parseJsonText(text)
        if (text.trim() === '') expect(parsed.status).toBe('empty')
        else expect(parsed.status).toBe(valid ? 'ok' : 'error')
      }),
      { numRuns: 2000 },
    )
  })

  it('puts the position after the last character when the offset is past the end', () => {
    expect(lineAndColumn('ab\ncd', 99)).toEqual({ line: 2, column: 3 })
    expect(lineAndColumn('', 0)).toEqual({ line: 1, column: 1 })
  })
})
