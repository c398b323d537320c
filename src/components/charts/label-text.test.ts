import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { approxTextWidth, shortLabel } from './label-text'

describe('shortLabel', () => {
  it('keeps names up to 28 characters and cuts longer ones with an ellipsis', () => {
    expect(shortLabel('')).toBe('')
    expect(shortLabel('a'.repeat(28))).toBe('a'.repeat(28))
    expect(shortLabel('a'.repeat(29))).toBe(`${'a'.repeat(27)}…`)
    expect(shortLabel('x'.repeat(10_000))).toHaveLength(28)
  })

  it('counts characters, not UTF-16 units, and never splits an emoji', () => {
    const emoji = '😀'.repeat(20)
    expect(shortLabel(emoji)).toBe(emoji)
    const cut = shortLabel('😀'.repeat(40))
    expect(Array.from(cut)).toHaveLength(28)
    expect(cut.endsWith('😀…')).toBe(true)
  })
})

describe('approxTextWidth', () => {
  it('is 0 for no text and grows with every character', () => {
    expect(approxTextWidth('')).toBe(0)
    fc.assert(
      fc.property(fc.string(), fc.string({ minLength: 1 }), (a, b) => {
        expect(approxTextWidth(a + b)).toBeGreaterThan(approxTextWidth(a))
      }),
    )
  })

  it('tells a name of wide characters from an ordinary one of the same length', () => {
    // Drawn at 12 px in Chromium's sans-serif: 180 px and 332 px (the label column has 192).
    expect(approxTextWidth('create_content_element_draft')).toBeLessThan(192)
    expect(approxTextWidth(shortLabel('W'.repeat(40)))).toBeGreaterThan(300)
    expect(approxTextWidth('工具', 12)).toBeGreaterThanOrEqual(24)
    expect(approxTextWidth('abc', 24)).toBe(2 * approxTextWidth('abc', 12))
  })
})
