const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/
const HEX_UNITS = /^(?:[0-9a-fA-F]{4})*$/
/** Marks a URL value written as UTF-16 code units (see {@link toUrlText}). */
const MARK = '~u16~'

/**
 * Whether `text` holds a lone surrogate: a UTF-16 half without its pair. Such text has no UTF-8
 * form, so a URL cannot carry it as it is (URLSearchParams writes U+FFFD in its place and
 * encodeURIComponent throws). JSON can (`"\ud800"`), so a tool name or run id from a remote
 * server may hold one.
 */
export function hasLoneSurrogate(text: string): boolean {
  return LONE_SURROGATE.test(text)
}

/**
 * `text` as a URL path segment or search value can carry it: as it is, or, when it holds a lone
 * surrogate, `~u16~` and its UTF-16 code units, four hex digits each. A text that itself starts
 * with `~u16~` is written that way too, so every text reads back exactly ({@link fromUrlText}).
 */
export function toUrlText(text: string): string {
  if (!hasLoneSurrogate(text) && !text.startsWith(MARK)) return text
  let hex = ''
  for (let i = 0; i < text.length; i++) hex += text.charCodeAt(i).toString(16).padStart(4, '0')
  return MARK + hex
}

/** The text {@link toUrlText} wrote; a marked value that is not whole code units stays as it is. */
export function fromUrlText(value: string): string {
  const hex = value.slice(MARK.length)
  if (!value.startsWith(MARK) || !HEX_UNITS.test(hex)) return value
  let text = ''
  for (let i = 0; i < hex.length; i += 4) {
    text += String.fromCharCode(parseInt(hex.slice(i, i + 4), 16))
  }
  return text
}
