import { describe, expect, it } from 'vitest'
import { outcomeOf, refusalCodeOf } from './outcome'

describe('outcomeOf — the contract rule', () => {
  it.each([
    [{ toolRefusal: 'arguments', toolIsError: true }, 'refused:arguments'],
    [{ toolRefusal: 'turn', toolIsError: false }, 'refused:turn'],
    [{ toolRefusal: 'budget', toolIsError: true }, 'refused:budget'],
    [{ toolRefusal: null, toolIsError: true }, 'failed'],
    [{ toolIsError: true }, 'failed'],
    [{ toolRefusal: null, toolIsError: false }, 'succeeded'],
    [{}, 'succeeded'],
  ] as const)('%o → %s', (step, expected) => {
    expect(outcomeOf(step)).toBe(expected)
  })

  it('reads the code back from the key', () => {
    expect(refusalCodeOf('refused:arguments')).toBe('arguments')
    expect(refusalCodeOf('refused:')).toBe('')
    expect(refusalCodeOf('failed')).toBeNull()
  })

  it('keys any number of codes by their own text, past the codes it keeps made', () => {
    const codes = Array.from({ length: 600 }, (_, i) => `code_${i % 300}`)
    codes.push('__proto__', 'constructor', '', '\uD800')
    for (const code of codes) expect(outcomeOf({ toolRefusal: code })).toBe(`refused:${code}`)
  })
})

describe('outcomeOf — calls an editor denied', () => {
  it.each([
    [{ toolDenied: true, toolIsError: true }, 'denied'],
    [{ toolDenied: true, toolIsError: false }, 'denied'],
    [{ toolDenied: true, toolRefusal: 'arguments', toolIsError: true }, 'refused:arguments'],
    [{ toolDenied: false, toolIsError: true }, 'failed'],
    [{ toolRefusal: null, toolDenied: true }, 'denied'],
  ] as const)('%o → %s', (step, expected) => {
    expect(outcomeOf(step)).toBe(expected)
  })

  it('gives a denied call no refusal code', () => {
    expect(refusalCodeOf('denied')).toBeNull()
  })
})
