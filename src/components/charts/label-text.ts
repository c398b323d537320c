/** `label` cut to `max` characters (code points, so no half emoji) with an ellipsis; "" stays "". */
export function shortLabel(label: string, max = 28): string {
  if (label.length <= max) return label
  const chars: string[] = []
  for (const char of label) {
    if (chars.length === max) return `${chars.slice(0, max - 1).join('')}…`
    chars.push(char)
  }
  return label
}

/** Rough advance widths in em of a sans-serif font, by kind of character. */
const EM = { narrow: 0.3, slim: 0.45, lower: 0.6, digit: 0.64, upper: 0.68, wide: 0.95, full: 1.05 }

/**
 * About how wide `text` is drawn at `fontSize` px, without asking the DOM (a forced layout):
 * an estimate by kind of character (narrow, slim, lower case, digits, upper case, wide,
 * full-width and emoji), good enough to tell a label that clearly overflows. "" is 0.
 */
export function approxTextWidth(text: string, fontSize = 12): number {
  let em = 0
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0
    if (code >= 0x1100) em += EM.full
    else if (/[ilj.,:;'|!`() ]/.test(char)) em += EM.narrow
    else if (/[rtfI_"/\\-]/.test(char)) em += EM.slim
    else if (/[WMm@%&wЖШЩ]/.test(char)) em += EM.wide
    else if (/[A-Z<>=+~#$^*]/.test(char)) em += EM.upper
    else if (/[0-9]/.test(char)) em += EM.digit
    else em += EM.lower
  }
  return em * fontSize
}
