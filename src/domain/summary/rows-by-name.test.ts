import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { RowsByName, slotOf } from './rows-by-name'

describe('RowsByName', () => {
  it('gives each name its own row, names sharing a slot included', () => {
    const rows = new RowsByName()
    // Same length, first, middle and last code unit: the same slot.
    expect(slotOf('create_page')).toBe(slotOf('c____e____e'))
    const names = ['create_page', 'c____e____e', '', '__proto__', '\uD800lone', 'constructor']
    names.forEach((name, i) => {
      const row = rows.rowOf(name)
      row[0] = i + 1
    })
    // A name made afresh (another string object) finds the same row.
    expect(rows.rowOf(['create', 'page'].join('_'))[0]).toBe(1)
    expect([...rows].map(([name, row]) => [name, row[0]])).toEqual(names.map((n, i) => [n, i + 1]))
  })

  it('counts like a Map on any names', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.string({ maxLength: 4 }), fc.string({ unit: 'binary' }))),
        (list) => {
          const rows = new RowsByName()
          const reference = new Map<string, number>()
          for (const name of list) {
            const row = rows.rowOf(name)
            row[0] = (row[0] ?? 0) + 1
            reference.set(name, (reference.get(name) ?? 0) + 1)
          }
          expect([...rows].map(([name, row]) => [name, row[0]])).toEqual([...reference])
        },
      ),
    )
  })
})
