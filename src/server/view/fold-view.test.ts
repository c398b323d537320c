/**
 * The fold gives other requests turns while it runs, and a refresh may change the view
 * meanwhile: an answer is of the view as it was when the fold began.
 */
import { describe, expect, it } from 'vitest'
import { parseSummaryParams } from '@/domain/api-query'
import { foldView } from './fold-view'
import { RunStatusIndexer } from './run-status-index'
import { RunStatuses } from './run-statuses'
import { GroupIds, StepStore, type StepGroup } from './step-store'

const DAY_S = 86_400
const START_S = Date.UTC(2026, 10, 1) / 1000

const query = (() => {
  const params = parseSummaryParams(
    new URLSearchParams({
      from: new Date(START_S * 1000).toISOString(),
      to: new Date((START_S + 10 * DAY_S) * 1000).toISOString(),
      tz: 'UTC',
    }),
  )
  if (!params.ok) throw new Error('the test query is valid')
  return params
})()

/** Runs `from`…`to - 1`, a call each (every third one failed), spread over the ten days. */
function groups(from: number, to: number): StepGroup[] {
  return Array.from({ length: to - from }, (_, i) => {
    const run = from + i
    return {
      bucket: Math.floor((START_S + (run % 10) * DAY_S + run) / 900),
      run,
      kind: 'tool',
      tool: JSON.stringify(`tool_${run % 4}`),
      refusal: null,
      isError: run % 3 === 0 ? 'true' : 'false',
      openedBy: null,
      steps: 1,
      rounds: 1,
    }
  })
}

describe('foldView while the view changes', () => {
  it('answers for the view as it was when the fold began', async () => {
    const ids = new GroupIds()
    const settled = new StepStore(ids)
    const tail = new StepStore(ids)
    const statuses = new RunStatuses()
    const record = (from: number, to: number) => {
      for (let run = from; run < to; run += 1) statuses.put(run, 'completed')
      statuses.version += 1
    }
    record(1, 2001)
    settled.add(groups(1, 1001))
    tail.add(groups(1001, 2001))
    const index = new RunStatusIndexer(ids, statuses)
    const before = await foldView(query, [settled, tail], ids, index.index())
    expect(before.runs).toBe(2000)

    // Begun, it waits for its first turn; meanwhile a refresh adds rows to both stores (the
    // settled one in place, as a refresh keeps rows for good) and trims one.
    const during = foldView(query, [settled, tail], ids, index.index())
    record(2001, 3001)
    settled.add(groups(2001, 2501))
    tail.add(groups(2501, 3001))
    // …and more steps of runs already counted.
    tail.add(groups(1, 1001))
    settled.trim()
    expect(await during).toEqual(before)

    const after = await foldView(query, [settled, tail], ids, index.index())
    expect(after.runs).toBe(3000)
    const calls = (answer: typeof after) => answer.rows.reduce((sum, row) => sum + row.calls, 0)
    expect(calls(after)).toBe(4000)
  })
})
