import { describe, expect, it } from 'vitest'
import {
  beyondEndLine,
  MAX_PAGE,
  offsetOfPage,
  pageCount,
  pageOfOffset,
  parsePageParam,
  withPage,
} from './page-param'

describe('the page parameter of a served runs list', () => {
  it('reads a whole page number, and the first page without one', () => {
    expect(parsePageParam({})).toEqual({ page: 1, ignored: [] })
    expect(parsePageParam({ page: '' })).toEqual({ page: 1, ignored: [] })
    expect(parsePageParam({ page: '1' })).toEqual({ page: 1, ignored: [] })
    expect(parsePageParam({ page: '3' })).toEqual({ page: 3, ignored: [] })
    expect(parsePageParam({ page: String(MAX_PAGE) })).toEqual({ page: MAX_PAGE, ignored: [] })
  })

  it.each(['0', '-2', '2.5', 'x', '1e3', ' 2', '0x10', String(MAX_PAGE + 1), '9999999999'])(
    'ignores page=%s with a line and shows the first page',
    (value) => {
      const parsed = parsePageParam({ page: value })
      expect(parsed.page).toBe(1)
      expect(parsed.ignored).toHaveLength(1)
      expect(parsed.ignored[0]).toMatch(/^Ignored page=.*: not a page number from 1 to /)
    },
  )

  it('keeps the first of a repeated page and says the rest were ignored', () => {
    expect(parsePageParam({ page: ['2', '5'] })).toEqual({
      page: 2,
      ignored: ['Ignored page=["5"]: page is given more than once'],
    })
  })

  it('keeps every page within the offsets the API takes', () => {
    expect(offsetOfPage(MAX_PAGE)).toBeLessThanOrEqual(999_999_999)
    expect(offsetOfPage(MAX_PAGE + 1)).toBeGreaterThan(999_999_999)
  })

  it('turns pages into offsets and back, 100 runs a page', () => {
    expect(offsetOfPage(1)).toBe(0)
    expect(offsetOfPage(3)).toBe(200)
    expect(pageOfOffset(0)).toBe(1)
    expect(pageOfOffset(200)).toBe(3)
    expect([0, 1, 100, 101, 365_012].map(pageCount)).toEqual([1, 1, 1, 2, 3651])
  })

  it('says how many pages a list has when a page lies past its end', () => {
    expect(beyondEndLine(9, 365_012)).toBe(
      'Ignored page=9: this list has 3,651 pages; showing the first page',
    )
    expect(beyondEndLine(2, 40)).toBe(
      'Ignored page=2: this list has 1 page; showing the first page',
    )
    expect(beyondEndLine(2, 0)).toBe('Ignored page=2: this list has no run; showing the first page')
  })

  it('writes the page into a search, leaving it out for the first', () => {
    const search = { tz: 'UTC', page: '4', tool: ['a', 'b'] }
    expect(withPage(search, 2)).toEqual({ tz: 'UTC', page: '2', tool: ['a', 'b'] })
    expect(withPage(search, 1)).toEqual({ tz: 'UTC', tool: ['a', 'b'] })
  })
})
