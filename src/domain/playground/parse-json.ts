/** Where JSON text stops being JSON: a sentence, and the place as a person finds it in an editor. */
export interface JsonSyntaxError {
  message: string
  /** UTF-16 offset into the text. */
  offset: number
  /** 1-based line and column of `offset`. */
  line: number
  column: number
}

export type JsonText =
  | { status: 'empty' }
  | { status: 'ok'; value: unknown }
  | { status: 'error'; error: JsonSyntaxError }

/**
 * Parses arguments typed as JSON. Blank text gives `empty` (a call without arguments); valid
 * JSON its value; anything else the first syntax error with line and column, found by an
 * iterative scan (no recursion, so deeply nested text cannot overflow the stack). Never throws.
 */
export function parseJsonText(text: string): JsonText {
  if (text.trim() === '') return { status: 'empty' }
  try {
    return { status: 'ok', value: JSON.parse(text) as unknown }
  } catch (error) {
    const found = findSyntaxError(text) ?? {
      offset: 0,
      message: error instanceof Error ? error.message : 'The text is not valid JSON.',
    }
    return { status: 'error', error: { ...found, ...lineAndColumn(text, found.offset) } }
  }
}

/** The 1-based line and column of an offset; offsets past the end point after the last character. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const end = Math.max(0, Math.min(offset, text.length))
  let line = 1
  let lineStart = 0
  for (let i = 0; i < end; i++) {
    if (text.charCodeAt(i) === 10) {
      line++
      lineStart = i + 1
    }
  }
  return { line, column: end - lineStart + 1 }
}

type Expect = 'value' | 'value-or-end' | 'key' | 'key-or-end' | 'colon' | 'after-value'
interface Found {
  offset: number
  message: string
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y
const ESCAPES = new Set(['"', '\\', '/', 'b', 'f', 'n', 'r', 't'])
const HEX4 = /^[0-9a-fA-F]{4}$/

/** Names one character for a message: `"}"`, "a line break", "the end of the text". */
function describeChar(c: string | undefined): string {
  if (c === undefined) return 'the end of the text'
  if (c === '\n' || c === '\r') return 'a line break'
  return JSON.stringify(c)
}

/** The first syntax error of `text`, or null when the scan finds none. */
function findSyntaxError(text: string): Found | null {
  const stack: string[] = []
  let expect: Expect = 'value'
  let afterComma = false
  let i = 0
  for (;;) {
    while (i < text.length && ' \t\n\r'.includes(text.charAt(i))) i++
    const c = text[i]
    if (c === undefined) {
      if (expect === 'after-value' && stack.length === 0) return null
      return { offset: i, message: 'The text ends before the JSON is complete.' }
    }
    const top = stack[stack.length - 1]
    if (expect === 'after-value') {
      if (top === undefined) return { offset: i, message: 'Unexpected text after the JSON value.' }
      if (c === ',') {
        i++
        expect = top === '{' ? 'key' : 'value'
        afterComma = true
      } else if ((c === '}' && top === '{') || (c === ']' && top === '[')) {
        stack.pop()
        i++
      } else {
        const close = top === '{' ? '}' : ']'
        return { offset: i, message: `Expected "," or "${close}" but found ${describeChar(c)}.` }
      }
      continue
    }
    if (expect === 'colon') {
      if (c !== ':') return { offset: i, message: `Expected ":" but found ${describeChar(c)}.` }
      i++
      expect = 'value'
      continue
    }
    if ((expect === 'key-or-end' && c === '}') || (expect === 'value-or-end' && c === ']')) {
      stack.pop()
      i++
      expect = 'after-value'
      continue
    }
    if (afterComma && (c === '}' || c === ']')) {
      return { offset: i, message: 'A comma before a closing bracket is not allowed in JSON.' }
    }
    afterComma = false
    if (expect === 'key' || expect === 'key-or-end') {
      if (c !== '"') {
        const hint = c === "'" ? ' (JSON uses double quotes)' : ''
        return { offset: i, message: `Expected a name in double quotes${hint}.` }
      }
      const end = scanString(text, i)
      if (typeof end !== 'number') return end
      i = end
      expect = 'colon'
      continue
    }
    // A value is expected.
    if (c === '{' || c === '[') {
      stack.push(c)
      i++
      expect = c === '{' ? 'key-or-end' : 'value-or-end'
      continue
    }
    if (c === '"') {
      const end = scanString(text, i)
      if (typeof end !== 'number') return end
      i = end
    } else if (c === '-' || (c >= '0' && c <= '9')) {
      NUMBER.lastIndex = i
      const match = NUMBER.exec(text)
      if (match === null) return { offset: i, message: 'This number is not written as JSON.' }
      i += match[0].length
    } else {
      const literal = ['true', 'false', 'null'].find((word) => text.startsWith(word, i))
      if (literal === undefined) {
        const hint = c === "'" ? ' (JSON uses double quotes)' : ''
        return { offset: i, message: `Expected a value but found ${describeChar(c)}${hint}.` }
      }
      i += literal.length
    }
    expect = 'after-value'
  }
}

/** Scans a JSON string starting at its opening quote: the offset after it, or the error. */
function scanString(text: string, start: number): number | Found {
  for (let i = start + 1; i < text.length; i++) {
    const c = text.charAt(i)
    if (c === '"') return i + 1
    if (c === '\\') {
      const next = text.charAt(i + 1)
      if (next === 'u') {
        if (!HEX4.test(text.slice(i + 2, i + 6))) {
          return { offset: i, message: 'A \\u escape needs four hex digits.' }
        }
        i += 5
      } else if (ESCAPES.has(next)) i++
      else return { offset: i, message: `${describeChar(`\\${next}`)} is not a JSON escape.` }
    } else if (text.charCodeAt(i) < 0x20) {
      return { offset: i, message: 'A line break or control character in text must be escaped.' }
    }
  }
  return { offset: start, message: 'This text is never closed with a double quote.' }
}
