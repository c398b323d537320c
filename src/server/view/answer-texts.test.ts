import { describe, expect, it } from 'vitest'
import { AnswerTexts } from './answer-texts'

/** A fold that says how often it ran and ends when the test lets it. */
function folds() {
  const made: string[] = []
  return {
    made,
    make: (text: string) => () => {
      made.push(text)
      return Promise.resolve(text)
    },
  }
}

describe('AnswerTexts', () => {
  it('folds a question once per state of the view, also when asked meanwhile', async () => {
    const texts = new AnswerTexts()
    const { made, make } = folds()
    const asked = [texts.get(1, 'year', make('a')), texts.get(1, 'year', make('b'))]
    expect(await Promise.all(asked)).toEqual(['a', 'a'])
    expect(await texts.get(1, 'week', make('w'))).toBe('w')
    expect(await texts.get(2, 'year', make('c')), 'a new generation folds again').toBe('c')
    expect(made).toEqual(['a', 'w', 'c'])
  })

  it('keeps at most its bytes, letting the oldest go first', async () => {
    const texts = new AnswerTexts(10)
    const { made, make } = folds()
    await texts.get(1, 'x', make('xxxxxx'))
    await texts.get(1, 'y', make('yyyyyy'))
    await texts.get(1, 'y', make('again'))
    await texts.get(1, 'x', make('x2'))
    expect(made).toEqual(['xxxxxx', 'yyyyyy', 'x2'])
  })

  it('does not keep a failed fold', async () => {
    const texts = new AnswerTexts()
    await expect(texts.get(1, 'q', () => Promise.reject(new Error('gone')))).rejects.toThrow('gone')
    expect(await texts.get(1, 'q', () => Promise.resolve('ok'))).toBe('ok')
  })
})
