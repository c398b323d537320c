import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { Run } from '../contract'
import { createScope, emptySummary, foldRuns } from '../summary'
import { datasetArb } from '../summary/test-data'
import { addDays, startOfDayMs } from '../time'
import { createEffectScope } from './effect-scope'
import { emptyEffectSummary, mergeEffectSummaries, type EffectSide } from './effect-summary'
import { foldEffect } from './fold-effect'
import { emptyFirstRefusal, foldFirstRefusal, mergeFirstRefusals } from './first-refusal'
import { CATALOGUE } from './test-fixtures'
import { effectWindows } from './windows'

/** A dataset with a decision at a UTC midnight inside it and whole-day windows around it. */
const caseArb = fc.record({
  data: datasetArb,
  offset: fc.integer({ min: 0, max: 3 }),
  days: fc.integer({ min: 1, max: 3 }),
  cuts: fc.array(fc.nat(), { maxLength: 4 }),
  catalogue: fc.subarray(CATALOGUE),
})

type Case = typeof caseArb extends fc.Arbitrary<infer T> ? T : never

function setup(c: Case) {
  const decisionDay = addDays(c.data.from, c.offset)
  const decisionMs = startOfDayMs(decisionDay, 'UTC')
  const windows = effectWindows(decisionMs, c.days, { earliestMs: 0, latestMs: 8e15 })
  const scope = createEffectScope(windows, c.data.tools, c.catalogue)
  const cuts = [...new Set(c.cuts.map((n) => n % (c.data.runs.length + 1)))].sort((a, b) => a - b)
  const pages: Run[][] = [0, ...cuts].map((start, i) =>
    c.data.runs.slice(start, cuts[i] ?? undefined),
  )
  return { decisionDay, scope, pages }
}

const sum = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0)
const code = (side: EffectSide, key: string) =>
  Object.values(side.byTool).reduce((n, counts) => n + (counts[key] ?? 0), 0)

describe('foldEffect — properties', () => {
  it('gives the same summary for any page split, folded on or merged in any order', () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const { scope, pages } = setup(c)
        const whole = foldEffect(emptyEffectSummary(), c.data.runs, scope)
        const folded = pages.reduce(
          (acc, page) => foldEffect(acc, page, scope),
          emptyEffectSummary(),
        )
        const parts = pages.map((page) => foldEffect(emptyEffectSummary(), page, scope))
        expect(folded).toEqual(whole)
        expect(parts.reduce(mergeEffectSummaries, emptyEffectSummary())).toEqual(whole)
        expect([...parts].reverse().reduce(mergeEffectSummaries, emptyEffectSummary())).toEqual(
          whole,
        )
        expect(JSON.parse(JSON.stringify(whole))).toEqual(whole)
      }),
      { numRuns: 200 },
    )
  })

  it('counts, over both sides, exactly what the tool summary counts over the same days', () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const { decisionDay, scope } = setup(c)
        const s = foldEffect(emptyEffectSummary(), c.data.runs, scope)
        const reference = foldRuns(
          emptySummary(),
          c.data.runs,
          createScope({
            from: addDays(decisionDay, -c.days),
            to: addDays(decisionDay, c.days - 1),
            tz: 'UTC',
            tools: c.data.tools,
          }),
        )
        const both = mergeEffectSummaries(s, emptyEffectSummary())
        // Prototype-free, like the summaries: one of the tools is named __proto__.
        const merged = Object.create(null) as Record<string, Record<string, number>>
        for (const side of [both.before, both.after])
          for (const [tool, counts] of Object.entries(side.byTool))
            for (const [key, n] of Object.entries(counts))
              (merged[tool] ??= Object.create(null) as Record<string, number>)[key] =
                (merged[tool]?.[key] ?? 0) + n
        expect(merged).toEqual(reference.byTool)
        expect(s.before.unreadableToolSteps + s.after.unreadableToolSteps).toBe(
          reference.unreadableToolSteps,
        )
      }),
      { numRuns: 200 },
    )
  })

  it('accounts for every refusal exactly once', () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const { scope } = setup(c)
        const s = foldEffect(emptyEffectSummary(), c.data.runs, scope)
        for (const side of [s.before, s.after]) {
          const r = side.recovery
          expect(r.refusals).toBe(code(side, 'refused:arguments'))
          expect(r.nextRound + r.later + r.notRecovered + r.stillOpen).toBe(r.refusals)
          expect(sum(r.correctiveRounds)).toBe(r.nextRound + r.later)
          expect(sum(r.notRecoveredByStatus)).toBe(r.notRecovered)
          expect(r.neverCalledAgain).toBeLessThanOrEqual(r.notRecovered)
          expect(side.turn.notRun).toBe(code(side, 'refused:turn'))
          expect(side.turn.resentNextRound).toBeLessThanOrEqual(side.turn.notRun)
          expect(side.saved.approvalCards).toBeLessThanOrEqual(side.saved.refusedTurns)
          expect(side.runsWithRefusal).toBeLessThanOrEqual(side.runs)
        }
      }),
      { numRuns: 200 },
    )
  })

  it('finds the first refusal whatever the page split', () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const { pages } = setup(c)
        const scope = createScope({ from: c.data.from, to: c.data.to, tz: c.data.zone, tools: [] })
        const whole = foldFirstRefusal(emptyFirstRefusal(), c.data.runs, scope)
        const parts = pages
          .map((page) => foldFirstRefusal(emptyFirstRefusal(), page, scope))
          .reduce(mergeFirstRefusals, emptyFirstRefusal())
        expect(parts).toEqual(whole)
        const times = c.data.runs.flatMap((run) =>
          run.steps
            .filter(
              (st) =>
                st.kind === 'tool' &&
                typeof st.toolRefusal === 'string' &&
                Date.parse(st.occurredAt) >= scope.buckets.startMs &&
                Date.parse(st.occurredAt) < scope.buckets.endMs,
            )
            .map((st) => Date.parse(st.occurredAt)),
        )
        expect(whole.firstMs).toBe(times.length === 0 ? null : Math.min(...times))
      }),
      { numRuns: 200 },
    )
  })
})
