import { describe, expect, it } from 'vitest'
import { comparison } from './comparison'
import { createEffectScope } from './effect-scope'
import { emptyEffectSummary } from './effect-summary'
import { foldEffect } from './fold-effect'
import { incidenceOf } from './incidence'
import { recoveryOf } from './recovery'
import { AFTER_RUNS, BEFORE_RUNS, CATALOGUE, DECISION_MS, runOf } from './test-fixtures'
import { effectWindows } from './windows'

const windows = effectWindows(DECISION_MS, 14, {
  earliestMs: Date.parse('2026-09-01T00:00:00Z'),
  latestMs: Date.parse('2026-11-28T00:00:00Z'),
})
const scope = createEffectScope(windows, [], CATALOGUE)
const summary = foldEffect(emptyEffectSummary(), [...AFTER_RUNS, ...BEFORE_RUNS], scope)

describe('foldEffect on hand-built runs', () => {
  it('counts calls per side by the outcome rule, leaving out steps outside the windows', () => {
    expect(summary.runs).toBe(12)
    expect(summary.before.byTool).toEqual({
      update_page_metadata: { failed: 1, succeeded: 1 },
      get_page_content: { succeeded: 3 },
    })
    // upm: A 1+1, B 1, C 2+2, E 1, F 1+1 failed → arguments 6, succeeded 3, failed 1.
    expect(summary.after.byTool.update_page_metadata).toEqual({
      'refused:arguments': 6,
      succeeded: 3,
      failed: 1,
    })
    expect(summary.after.byTool.get_page_content).toEqual({ 'refused:turn': 2, succeeded: 5 })
    expect(summary.after.byTool.mcp_docs_search).toEqual({ 'refused:turn': 1, 'refused:budget': 1 })
  })

  it('follows each arguments refusal to its recovery', () => {
    // 8 refusals: A next; C one next (round 2), one later (round 4, 3 rounds);
    // B (cancelled), D (last round), E (never called again), F (failed again), L (last round).
    expect(summary.after.recovery).toEqual({
      refusals: 8,
      nextRound: 2,
      later: 1,
      notRecovered: 5,
      stillOpen: 0,
      neverCalledAgain: 4,
      correctiveRounds: { 1: 2, 3: 1 },
      notRecoveredByStatus: { cancelled: 1, failed: 1, completed: 3 },
    })
    const measures = recoveryOf(summary.after)
    expect(measures.nextRound.rate).toBe(2 / 8)
    expect(measures.medianCorrectiveRounds).toBe(1)
    expect(measures.correctiveRounds).toEqual([
      [1, 2],
      [3, 1],
    ])
    // turn: A's read is re-sent in round 2; B's and D's turns were the runs' last.
    expect(summary.after.turn).toEqual({ notRun: 3, resentNextRound: 1 })
    expect(measures.turn.resentNextRound.rate).toBe(1 / 3)
    expect(summary.before.recovery.refusals).toBe(0)
    expect(recoveryOf(summary.before).medianCorrectiveRounds).toBeNull()
  })

  it('leaves a refusal of a run still going out of "not recovered" (the run has not ended)', () => {
    const runs = (['running', 'waiting_for_input', 'queued', 'completed', 'mystery'] as const).map(
      (status, i) =>
        runOf(`open-${i}`, status, '2026-11-06T10:00:00Z', [
          [1, 'update_page_metadata', 'arguments'],
        ]),
    )
    const open = foldEffect(emptyEffectSummary(), runs, scope)
    expect(open.after.recovery).toMatchObject({
      refusals: 5,
      notRecovered: 2,
      stillOpen: 3,
      notRecoveredByStatus: { completed: 1, mystery: 1 },
    })
    expect(recoveryOf(open.after).stillOpen.rate).toBe(3 / 5)
  })

  it('counts what the check saved, from the catalogue flags', () => {
    // Refused turns: A1, B2, C1, D2, E1, F1, L1 (J's code is not the check's).
    // Approval cards: all but D2 (ask_choice + read) and L1 (tool not in the catalogue).
    expect(summary.after.saved).toEqual({
      refusedTurns: 7,
      approvalCards: 5,
      questions: 1,
      externalCalls: 2,
      refusedOutsideCatalogue: 1,
    })
    expect(summary.before.saved.refusedTurns).toBe(0)
  })

  it('counts run-level incidence per side', () => {
    expect(incidenceOf(summary)).toMatchObject({
      runs: { before: 2, after: 9 },
      refusal: { before: { events: 0, n: 2, rate: 0 }, after: { events: 8, n: 9 } },
      failure: { before: { events: 1, n: 2, rate: 0.5 }, after: { events: 2, n: 9 } },
    })
  })

  it('compares overall and per tool', () => {
    const c = comparison(
      summary,
      [...CATALOGUE].map((t) => ({ name: t.name, source: t.source })),
    )
    expect(c.codes).toEqual(['arguments', 'turn', 'budget'])
    expect(c.overall.before).toMatchObject({ calls: 5, failed: 1, refused: 0 })
    expect(c.overall.after).toMatchObject({
      calls: 23,
      failed: 2,
      refused: 12,
      refusedArguments: 8,
    })
    expect(c.overall.failure.change).toBeCloseTo(2 / 23 - 1 / 5, 12)
    expect(c.overall.refusal.change).toBeCloseTo(12 / 23, 12)
    expect(c.overall.refusalByCode.budget?.after.events).toBe(1)
    expect(c.tools.map((t) => [t.tool, t.before.calls, t.after.calls])).toEqual([
      ['update_page_metadata', 2, 10],
      ['get_page_content', 3, 7],
      ['ask_choice', 0, 2],
      ['mcp_docs_search', 0, 2],
      ['legacy_tool', 0, 1],
      ['mcp_weather_get', 0, 1],
    ])
    expect(c.tools.find((t) => t.tool === 'mcp_weather_get')?.source).toBe('mcp')
    expect(c.tools[2]?.failure.change).toBeNull()
  })

  it('counts only the selected tools, but reads whole turns for the savings', () => {
    const only = createEffectScope(windows, ['get_page_content'], CATALOGUE)
    const s = foldEffect(emptyEffectSummary(), AFTER_RUNS, only)
    expect(Object.keys(s.after.byTool)).toEqual(['get_page_content'])
    // Turns with a counted refused read: A1 (beside update_page_metadata) and D2.
    expect(s.after.saved).toMatchObject({ refusedTurns: 2, approvalCards: 1, questions: 1 })
    expect(s.after.recovery.refusals).toBe(0)
  })

  it('follows a refusal to a correction past the window end', () => {
    const edge = runOf('edge', 'completed', new Date(windows.after.endMs - 30_000).toISOString(), [
      [1, 'update_page_metadata', 'arguments'],
      [2, 'update_page_metadata', 'ok'],
    ])
    const s = foldEffect(emptyEffectSummary(), [edge], scope)
    expect(s.after.byTool.update_page_metadata).toEqual({ 'refused:arguments': 1 })
    expect(s.after.recovery).toMatchObject({ refusals: 1, nextRound: 1 })
  })

  it('counts the tool calls it could not read on their side of the decision date', () => {
    const at = (ms: number) => new Date(ms).toISOString()
    const entry = (ms: number, toolName?: string) => ({
      sequence: 90,
      kind: 'tool',
      round: 1,
      occurredAt: at(ms),
      listed: false,
      reason: 'its payload is not a JSON object',
      ...(toolName === undefined ? {} : { toolName }),
    })
    const run = {
      ...runOf('damaged', 'completed', at(DECISION_MS - 60_000), [
        [1, 'update_page_metadata', 'ok'],
      ]),
      unreadableSteps: [
        entry(DECISION_MS - 1),
        entry(DECISION_MS, 'get_page_content'),
        entry(DECISION_MS + 1, 'update_page_metadata'),
        { ...entry(DECISION_MS + 2), listed: true },
        { ...entry(DECISION_MS + 3), kind: 'tool_write' },
        entry(windows.after.endMs),
        entry(windows.before.startMs - 1),
      ],
    }
    const every = foldEffect(emptyEffectSummary(), [run], scope)
    expect([every.before.unreadableToolSteps, every.after.unreadableToolSteps]).toEqual([1, 2])
    const only = createEffectScope(windows, ['update_page_metadata'], CATALOGUE)
    const picked = foldEffect(emptyEffectSummary(), [run], only)
    expect([picked.before.unreadableToolSteps, picked.after.unreadableToolSteps]).toEqual([1, 1])
    expect(summary.before.unreadableToolSteps + summary.after.unreadableToolSteps).toBe(0)
  })
})
