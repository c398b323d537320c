import { describe, expect, it } from 'vitest'
import { listRuns } from './run-list'
import type { RunRow } from './run-row'

const row = (uuid: string, over: Partial<RunRow> = {}): RunRow => ({
  uuid,
  configuration: 'page-editor',
  status: 'completed',
  startedMs: 1_000,
  rounds: 1,
  toolCalls: 1,
  failed: 0,
  denied: 0,
  refusedArguments: 0,
  refusedTurn: 0,
  refusedOther: 0,
  otherCodes: null,
  durationMs: 10,
  ...over,
})

const ANY = { outcome: null, configuration: null, status: null }

describe('listRuns', () => {
  it('orders ties newest first, then by uuid, and missing values last either way', () => {
    const rows = [
      row('b'),
      row('a'),
      row('c', { startedMs: 2_000 }),
      row('d', { durationMs: null }),
      row('e', { durationMs: 5 }),
    ]
    const by = (desc: boolean) =>
      listRuns(rows, ANY, { key: 'durationMs', desc }).rows.map((r) => r.uuid)
    expect(by(true)).toEqual(['c', 'a', 'b', 'e', 'd'])
    expect(by(false)).toEqual(['e', 'c', 'a', 'b', 'd'])
  })

  it("filters, counts the outcome's calls and offers what the whole range holds", () => {
    const rows = [
      row('a', { refusedOther: 2, otherCodes: { schema: 2 }, toolCalls: 3, status: 'running' }),
      row('b', { configuration: '=cmd', refusedArguments: 1, toolCalls: 2 }),
      row('c', { configuration: '' }),
    ]
    const listed = listRuns(
      rows,
      { outcome: { kind: 'refused-any' }, configuration: null, status: null },
      { key: 'toolCalls', desc: true },
    )
    expect(listed.rows.map((r) => r.uuid)).toEqual(['a', 'b'])
    expect(listed).toMatchObject({
      calls: 3,
      rangeRuns: 3,
      configurations: ['', '=cmd', 'page-editor'],
      statuses: ['completed', 'running'],
      otherCodes: ['schema'],
    })
  })
})
