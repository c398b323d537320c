import { describe, expect, it } from 'vitest'
import type { Run } from '@/domain/contract'
import { groupRounds, stepAnchorIds } from '@/domain/runs'
import { shownRange, stepPage, timelinePlaces } from './step-pages'

const at = (s: number) => new Date(Date.UTC(2026, 10, 30) + s * 1000).toISOString()
const runOf = (steps: number, perRound: number): Run => ({
  uuid: 'r-pages',
  status: 'completed',
  configuration: 'page-editor',
  startedAt: at(0),
  finishedAt: at(steps),
  terminationReason: 'completed',
  steps: Array.from({ length: steps }, (_, i) => ({
    sequence: i,
    kind: 'llm',
    round: Math.floor(i / perRound) + 1,
    occurredAt: at(i),
    durationMs: 500,
  })),
})

describe('stepPage', () => {
  const [round] = groupRounds(runOf(450, 450))

  it('gives a page of the round with its own time span and the whole round’s counts', () => {
    if (!round) throw new Error('no round')
    const page = stepPage(round, 1, 200)
    expect(page).toMatchObject({ page: 1, pages: 3, first: 201, last: 400, total: 450 })
    expect(page.group.steps.map((s) => s.sequence)).toEqual(
      Array.from({ length: 200 }, (_, i) => 200 + i),
    )
    // Each step is recorded when its work ended: the page spans from the first one's start
    // (its time less its duration) to the last one's recording, as the round's bars are drawn.
    expect(page.group.startMs).toBe(Date.parse(at(200)) - 500)
    expect(page.group.endMs).toBe(Date.parse(at(399)))
    expect(page.group.outcomes).toBe(round.outcomes)
  })

  it('clamps the page and keeps the last page short', () => {
    if (!round) throw new Error('no round')
    expect(stepPage(round, 99, 200)).toMatchObject({ page: 2, first: 401, last: 450 })
    expect(stepPage(round, -3, 200)).toMatchObject({ page: 0, first: 1, last: 200 })
  })

  it('gives a round that fits on one page back as it is', () => {
    const [small] = groupRounds(runOf(3, 3))
    if (!small) throw new Error('no round')
    const page = stepPage(small, 4, 200)
    expect(page.group).toBe(small)
    expect(page).toMatchObject({ page: 0, pages: 1, first: 1, last: 3, total: 3 })
  })
})

describe('timelinePlaces', () => {
  it('places every round and every step, repeats of a sequence included', () => {
    const run = runOf(1_000, 300)
    run.steps.push({ ...run.steps[999], sequence: 999 } as Run['steps'][number])
    const groups = groupRounds(run)
    const places = timelinePlaces(groups, stepAnchorIds(run.steps), 200)
    expect(places.size).toBe(groups.length + run.steps.length)
    expect(places.get('round-1')).toEqual({ index: 0, page: null })
    expect(places.get('step-650')).toEqual({ index: 2, page: 0 })
    expect(places.get('step-899')).toEqual({ index: 2, page: 1 })
    expect(places.get('step-999-2')).toEqual({ index: 3, page: 0 })
  })

  it('is empty without rounds', () => {
    expect(timelinePlaces([], new Map()).size).toBe(0)
  })
})

describe('shownRange', () => {
  it('names the first and last shown index, or null for none', () => {
    expect(shownRange([{ index: 4 }, { index: 5 }, { index: 6 }])).toEqual({ from: 4, to: 6 })
    expect(shownRange([])).toBeNull()
  })
})
