const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

/**
 * Whether `text` holds a lone surrogate: a UTF-16 half without its pair. Such text has no UTF-8
 * form, so a URL cannot carry it as it is (URLSearchParams writes U+FFFD in its place). JSON can
 * (`"\ud800"`), so a tool name from a remote server may hold one.
 */
export function hasLoneSurrogate(text: string): boolean {
  return LONE_SURROGATE.test(text)
}
