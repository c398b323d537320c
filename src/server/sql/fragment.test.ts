import { describe, expect, it } from 'vitest'
import { bound, integerIn, join, raw, sql } from './fragment'

describe('SQL fragments', () => {
  it('keeps the values in the order the text reads, however nested', () => {
    const inner = sql`b = ${bound('?', [2])} OR c IN (${bound('?, ?', [3, 4])})`
    const outer = sql`a = ${bound('?', [1])} AND (${inner}) AND d = ${bound('?', ['five'])}`
    expect(outer.sql).toBe('a = ? AND (b = ? OR c IN (?, ?)) AND d = ?')
    expect(outer.params).toEqual([1, 2, 3, 4, 'five'])
    expect(join([bound('x = ?', [1]), bound('y'), bound('z = ?', [2])], ' AND ')).toEqual({
      sql: 'x = ? AND y AND z = ?',
      params: [1, 2],
    })
  })

  it('refuses a placeholder without its value, so a miscounted list fails at once', () => {
    expect(() => bound('a = ? AND b = ?', [1])).toThrow('2 placeholders for 1 values')
    expect(() => raw('a = ?')).toThrow()
    expect(() => sql`a = ? AND ${bound('b = ?', [1])}`).toThrow()
  })

  it('binds an interpolated value as a parameter; only raw() text is written as SQL', () => {
    const hostile = "x' OR '1' = '1"
    expect(sql`name = ${hostile} AND n = ${7} AND m IS ${null}`).toEqual({
      sql: 'name = ? AND n = ? AND m IS ?',
      params: [hostile, 7, null],
    })
    expect(sql`SELECT ${raw('uid')} FROM ${raw('runs')} WHERE ${bound('uid > ?', [1])}`).toEqual({
      sql: 'SELECT uid FROM runs WHERE uid > ?',
      params: [1],
    })
  })

  it('lists integers with their range beside them, for a planner without statistics', () => {
    expect(integerIn('e.run', [7, 3, 12])).toEqual({
      sql: 'e.run IN (?, ?, ?) AND e.run BETWEEN ? AND ?',
      params: [7, 3, 12, 3, 12],
    })
    expect(() => integerIn('e.run', [])).toThrow('at least one value')
  })
})
