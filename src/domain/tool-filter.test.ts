import { describe, expect, it } from 'vitest'
import { countsCall, countsUnreadableCall, toolFilter } from './tool-filter'

describe('the tool filter', () => {
  const none = toolFilter([])
  const some = toolFilter(['update_page_metadata', 'mcp_dam_search_assets'])

  it('counts every readable call without a filter, and only the selected ones with one', () => {
    expect(none).toBeNull()
    expect(countsCall(none, 'anything')).toBe(true)
    expect(countsCall(some, 'update_page_metadata')).toBe(true)
    expect(countsCall(some, 'get_pagetree')).toBe(false)
    // Exact names: no case folding, no trimming.
    expect(countsCall(some, 'Update_page_metadata')).toBe(false)
    expect(countsCall(some, 'update_page_metadata ')).toBe(false)
  })

  it('counts an unreadable call unless its readable name is not asked for', () => {
    expect(countsUnreadableCall(none, 'get_pagetree')).toBe(true)
    expect(countsUnreadableCall(some, 'update_page_metadata')).toBe(true)
    expect(countsUnreadableCall(some, 'get_pagetree')).toBe(false)
    // A name that is no string may be a selected tool's.
    for (const name of [undefined, null, 42, ['update_page_metadata'], { name: 'x' }])
      expect(countsUnreadableCall(some, name)).toBe(true)
  })
})
