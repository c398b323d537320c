const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/
const HEX_UNITS = /^(?:[0-9a-fA-F]{4})*$/

/**
 * Whether `text` holds a lone surrogate: a UTF-16 half without its pair. Such text has no UTF-8
 * form, so a URL cannot carry it as it is (URLSearchParams writes U+FFFD in its place and
 * encodeURIComponent throws). JSON can (`"\ud800"`), so a tool name or run id from a remote
 * server may hold one.
 */
export function hasLoneSurrogate(text: string): boolean {
  return LONE_SURROGATE.test(text)
}

/** `text` as its UTF-16 code units, four hex digits each: always URL-safe, always reversible. */
export function toCodeUnits(text: string): string {
  let hex = ''
  for (let i = 0; i < text.length; i++) hex += text.charCodeAt(i).toString(16).padStart(4, '0')
  return hex
}

/** The text of {@link toCodeUnits}' output; null when `hex` is not whole code units. */
export function fromCodeUnits(hex: string): string | null {
  if (!HEX_UNITS.test(hex)) return null
  let text = ''
  for (let i = 0; i < hex.length; i += 4) {
    text += String.fromCharCode(parseInt(hex.slice(i, i + 4), 16))
  }
  return text
}
