import { describe, expect, it } from 'vitest'
import type { Run } from '@/domain/contract'
import { emptyRunsSummary, foldRunRows, type RunsSummary } from '@/domain/runs'
import { createScope } from '@/domain/summary'
import { decodeSummary, encodeSummary } from './transfer'

const scope = createScope({ from: '2026-11-01', to: '2026-11-30', tz: 'UTC', tools: [] })
const run = (uuid: string): Run => ({
  uuid,
  status: 'completed',
  configuration: 'page-editor',
  startedAt: '2026-11-03T14:05:00Z',
  finishedAt: null,
  terminationReason: null,
  steps: [],
})
const fold = (list: RunsSummary, uuids: string[]) => foldRunRows(list, uuids.map(run), scope)

/** Posts every list as the worker host does and decodes them as the page does. */
function cross(lists: RunsSummary[]): RunsSummary | null {
  let posted: unknown = null
  let decoded: unknown = null
  for (const list of lists) {
    const patch = structuredClone(encodeSummary('runs-list', posted, list))
    posted = list
    decoded = decodeSummary('runs-list', decoded, patch)
  }
  return decoded as RunsSummary | null
}

describe('runs-list summaries crossing from the worker', () => {
  it('send only the rows added since the last post, and arrive whole', () => {
    const first = fold(emptyRunsSummary(), ['a', 'b'])
    const second = fold(first, ['c'])
    expect(encodeSummary('runs-list', first, second)).toMatchObject({ rowsFrom: 2 })
    expect(cross([first, second])?.rows.map((row) => row.uuid)).toEqual(['a', 'b', 'c'])
  })

  it('arrive as the new list when a load started over, not as the old one continued', () => {
    const before = fold(fold(emptyRunsSummary(), ['a', 'b']), ['c'])
    // Started over (an expired cursor): an empty list, then the first page again.
    const restarted = emptyRunsSummary()
    const again = fold(restarted, ['z', 'a', 'b', 'c'])
    const shorter = fold(restarted, ['z'])
    expect(cross([before, restarted])?.rows).toEqual([])
    expect(cross([before, again])?.rows.map((row) => row.uuid)).toEqual(['z', 'a', 'b', 'c'])
    expect(cross([before, shorter])?.rows.map((row) => row.uuid)).toEqual(['z'])
  })
})
