import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { MAX_VIEWS, parseStoredViews, storedText, type SavedView } from './saved-view'
import { VIEW_KEYS, viewSearch } from './view-search'

const keys = [...VIEW_KEYS, 'args', 'call', '__proto__', 'constructor', 'other']
const arbitrarySearch = fc.dictionary(
  fc.constantFrom(...keys),
  fc.oneof(fc.string(), fc.array(fc.string(), { maxLength: 3 }), fc.integer(), fc.constant(null)),
)

describe('viewSearch', () => {
  it('keeps exactly the allowed keys with text values, in a record without prototype', () => {
    fc.assert(
      fc.property(arbitrarySearch, (search) => {
        const kept = viewSearch(search)
        expect(Object.getPrototypeOf(kept)).toBeNull()
        for (const [key, value] of Object.entries(kept)) {
          expect(VIEW_KEYS.has(key)).toBe(true)
          expect(value).toEqual(search[key])
        }
        for (const [key, value] of Object.entries(search)) {
          const text = typeof value === 'string' || (Array.isArray(value) && value.length > 0)
          if (VIEW_KEYS.has(key) && text) expect(Object.hasOwn(kept, key)).toBe(true)
        }
      }),
    )
  })

  it('gives an empty search for anything that is not a record', () => {
    for (const value of [null, undefined, 'tz=UTC', ['tz'], 7]) {
      expect(Object.keys(viewSearch(value))).toEqual([])
    }
  })
})

describe('parseStoredViews', () => {
  const view = (i: number): SavedView => ({
    id: `v${i}`,
    name: `View ${i}`,
    path: '/tools',
    search: viewSearch({ tz: 'UTC', tool: ['a', 'b'] }),
    savedAt: i,
  })

  it('reads back what was stored', () => {
    const views = [view(1), view(2)]
    expect(parseStoredViews(storedText(views))).toEqual({ views, state: 'ok' })
  })

  it('is empty for nothing stored, and ignores what is not ours', () => {
    expect(parseStoredViews(null)).toEqual({ views: [], state: 'empty' })
    for (const raw of ['', 'null', '{', '[]', '{"version":"1","views":[]}', '{"views":[]}']) {
      expect(parseStoredViews(raw)).toEqual({ views: [], state: 'ignored' })
    }
  })

  it('keeps no more than the most views, and no view twice', () => {
    const many = Array.from({ length: MAX_VIEWS + 5 }, (_, i) => view(i))
    expect(parseStoredViews(storedText(many)).views).toHaveLength(MAX_VIEWS)
    const twice = parseStoredViews(storedText([view(1), { ...view(1), name: 'Again' }]))
    expect(twice).toEqual({ views: [view(1)], state: 'ignored' })
  })
})
