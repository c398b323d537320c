import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { boundedTimeRows, mergeSpans } from './bounded-time-picture'
import type { RoundTime, RunTimePicture, TimeSpan } from './run-time-picture'

const round = (n: number, spans: TimeSpan[]): RoundTime => ({
  round: n,
  attempt: 1,
  attempts: 1,
  key: `round-${n}`,
  startMs: spans.reduce((min, s) => Math.min(min, s.startMs), Infinity),
  endMs: spans.reduce((max, s) => Math.max(max, s.endMs), -Infinity),
  spans,
  approvalWaitMs: n % 2 === 0 ? 1_000 : 0,
  inputWaitMs: 0,
  gapBeforeMs: n === 1 ? 0 : 500,
})
const picture = (rounds: RoundTime[]): RunTimePicture => ({
  startMs: rounds[0]?.startMs ?? 0,
  endMs: rounds[rounds.length - 1]?.endMs ?? 0,
  rounds,
})
const roundsOf = (count: number, stepsEach: number) =>
  Array.from({ length: count }, (_, i) =>
    round(
      i + 1,
      Array.from({ length: stepsEach }, (_, j) => {
        const startMs = (i * stepsEach + j) * 1_000
        return { kind: j % 3 === 0 ? 'model' : 'tool', startMs, endMs: startMs + 600 } as TimeSpan
      }),
    ),
  )

describe('boundedTimeRows', () => {
  it('gives a picture that fits back row for row, span for span', () => {
    const rounds = roundsOf(5, 4)
    const rows = boundedTimeRows(picture(rounds))
    expect(rows.map((r) => [r.round, r.lastRound, r.spans])).toEqual(
      rounds.map((r) => [r.round, r.round, r.spans]),
    )
  })

  it('draws 100,000 rounds as at most 60 stretches covering every round once', () => {
    const rounds = roundsOf(100_000, 3)
    const rows = boundedTimeRows(picture(rounds), { maxRows: 60, cells: 250 })
    expect(rows.length).toBeLessThanOrEqual(60)
    expect(rows[0]?.round).toBe(1)
    expect(rows[rows.length - 1]?.lastRound).toBe(100_000)
    rows.slice(1).forEach((row, i) => expect(row.round).toBe((rows[i]?.lastRound ?? 0) + 1))
    // Every second round waited a second for approval: the stretches' waits add up to all of it.
    expect(rows.reduce((sum, r) => sum + r.approvalWaitMs, 0)).toBe(50_000 * 1_000)
    for (const row of rows) expect(row.spans.length).toBeLessThanOrEqual(2 * 125)
  })

  it('merges one round of 300,000 steps to at most kinds × cells / 2 spans', () => {
    const [one] = roundsOf(1, 300_000)
    const rows = boundedTimeRows(picture(one ? [one] : []), { maxRows: 60, cells: 250 })
    expect(rows).toHaveLength(1)
    expect(rows[0]?.spans.length).toBeLessThanOrEqual(2 * 125)
  })

  it('gives no rows for no rounds', () => {
    expect(boundedTimeRows({ startMs: 0, endMs: 0, rounds: [] })).toEqual([])
  })
})

describe('mergeSpans', () => {
  it('covers every span it merged and stays inside the range', () => {
    const span = fc
      .tuple(
        fc.constantFrom('model' as const, 'tool' as const),
        fc.integer({ min: 0, max: 99_000 }),
        fc.integer({ min: 0, max: 1_000 }),
      )
      .map(([kind, startMs, length]): TimeSpan => ({ kind, startMs, endMs: startMs + length }))
    fc.assert(
      fc.property(
        fc.array(span, { maxLength: 200 }),
        fc.integer({ min: 1, max: 300 }),
        (spans, cells) => {
          const merged = mergeSpans(spans, 0, 100_000, cells)
          for (const kind of ['model', 'tool'] as const) {
            expect(merged.filter((m) => m.kind === kind).length).toBeLessThanOrEqual(
              Math.ceil(cells / 2),
            )
          }
          for (const s of spans) {
            const mid = (s.startMs + s.endMs) / 2
            expect(
              merged.some((m) => m.kind === s.kind && m.startMs <= mid && mid <= m.endMs),
            ).toBe(true)
          }
          for (const m of merged) {
            expect(m.startMs).toBeGreaterThanOrEqual(0)
            expect(m.endMs).toBeLessThanOrEqual(100_000 + 1e-6)
          }
        },
      ),
    )
  })

  it('gives nothing for no spans', () => {
    expect(mergeSpans([], 0, 10, 5)).toEqual([])
  })
})
