/** The longest preview of a sent value, in UTF-16 units before escaping. */
export const PREVIEW_LENGTH = 40

/**
 * Cuts text to at most `max` UTF-16 units plus an ellipsis, never between the two halves of a
 * surrogate pair. Text within the limit (and '') comes back unchanged.
 */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text
  let end = Math.max(0, max)
  const last = text.charCodeAt(end - 1)
  // A high surrogate as the last kept unit would leave half a character behind.
  if (end > 0 && last >= 0xd800 && last <= 0xdbff) end -= 1
  return `${text.slice(0, end)}…`
}

/** True when JSON would escape a unit of `text`, or a reader might split a line there. */
function needsEscape(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c < 0x20 || c === 0x22 || c === 0x5c || c === 0x85 || c === 0x2028 || c === 0x2029) {
      return true
    }
    if (c >= 0xd800 && c <= 0xdfff) return true
  }
  return false
}

/**
 * Quotes untrusted text as a JSON string, so quotes, newlines and control characters cannot
 * break the one-line formats it is put into. JSON leaves U+0085, U+2028 and U+2029 as they are,
 * yet some readers split lines there, so they are escaped too. '' gives `""`.
 */
export function quote(text: string): string {
  // Most names and values need no escaping; skip JSON.stringify for them (messages are hot).
  if (!needsEscape(text)) return `"${text}"`
  return JSON.stringify(text).replace(
    /[\u0085\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  )
}

/**
 * A short JSON-like preview of any value for a message: text is quoted and cut, lists and
 * objects are written until the budget is spent and then end in "…". It never serialises the
 * whole value, so a megabyte or a deeply nested value costs only the budget. `undefined` and
 * values JSON cannot hold are named instead of shown.
 */
export function preview(value: unknown, max: number = PREVIEW_LENGTH): string {
  const out: string[] = []
  const budget = { left: max }
  const whole = write(value, out, budget)
  const text = out.join('')
  // Running out of budget exactly at a separator leaves no cut mark, so add one.
  return whole || text.endsWith('…') ? text : `${text}…`
}

interface Budget {
  left: number
}

function emit(text: string, out: string[], budget: Budget): boolean {
  if (budget.left <= 0) return false
  if (text.length > budget.left) {
    out.push(truncate(text, budget.left))
    budget.left = 0
    return false
  }
  out.push(text)
  budget.left -= text.length
  return true
}

function write(value: unknown, out: string[], budget: Budget): boolean {
  if (budget.left <= 0) return false
  switch (typeof value) {
    case 'string': {
      const cut = truncate(value, budget.left)
      const whole = cut === value
      budget.left -= cut.length
      out.push(whole ? quote(value) : `${quote(cut.slice(0, -1))}…`)
      if (!whole) budget.left = 0
      return whole
    }
    case 'number':
    case 'boolean':
      return emit(String(value), out, budget)
    case 'object':
      if (value === null) return emit('null', out, budget)
      return Array.isArray(value) ? writeList(value, out, budget) : writeObject(value, out, budget)
    default:
      return emit(typeof value === 'undefined' ? 'undefined' : `a ${typeof value}`, out, budget)
  }
}

function writeList(list: readonly unknown[], out: string[], budget: Budget): boolean {
  if (!emit('[', out, budget)) return false
  for (let i = 0; i < list.length; i++) {
    if (i > 0 && !emit(',', out, budget)) return false
    if (!write(list[i], out, budget)) return false
  }
  return emit(']', out, budget)
}

function writeObject(object: object, out: string[], budget: Budget): boolean {
  if (!emit('{', out, budget)) return false
  let first = true
  for (const key in object) {
    if (!Object.prototype.hasOwnProperty.call(object, key)) continue
    if (!first && !emit(',', out, budget)) return false
    first = false
    if (!write(key, out, budget) || !emit(':', out, budget)) return false
    if (!write((object as Record<string, unknown>)[key], out, budget)) return false
  }
  return emit('}', out, budget)
}
