import { renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { sameItems, useStable } from './use-stable'

describe('useStable', () => {
  it('keeps the first identity while the value stays equal, and follows a change', () => {
    const first = ['a', 'b']
    const { result, rerender } = renderHook(({ list }) => useStable(list, sameItems), {
      initialProps: { list: first },
    })
    expect(result.current).toBe(first)
    rerender({ list: ['a', 'b'] })
    expect(result.current).toBe(first)
    const changed = ['a', 'c']
    rerender({ list: changed })
    expect(result.current).toBe(changed)
    rerender({ list: ['a', 'c'] })
    expect(result.current).toBe(changed)
    rerender({ list: ['a'] })
    expect(result.current).toEqual(['a'])
  })

  it('compares lists item by item, in order', () => {
    expect(sameItems([], [])).toBe(true)
    expect(sameItems(['a', 'b'], ['a', 'b'])).toBe(true)
    expect(sameItems(['a', 'b'], ['b', 'a'])).toBe(false)
    expect(sameItems(['a'], ['a', 'a'])).toBe(false)
    expect(sameItems([Number.NaN], [Number.NaN])).toBe(true)
  })
})
