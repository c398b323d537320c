import { describe, expect, it } from 'vitest'
import type { Run } from '@/domain/contract'
import {
  comparison,
  createEffectScope,
  effectWindows,
  emptyEffectSummary,
  foldEffect,
  recoveryOf,
} from '@/domain/effect'
import { CATALOGUE, DECISION_MS, runOf } from '@/domain/effect/test-fixtures'
import { verdictText } from './verdict'

const windows = effectWindows(DECISION_MS, 14, {
  earliestMs: Date.parse('2026-09-01T00:00:00Z'),
  latestMs: Date.parse('2026-11-28T00:00:00Z'),
})
const BEFORE = '2026-11-01T10:00:00Z'
const AFTER = '2026-11-06T10:00:00Z'
const UPM = 'update_page_metadata'
const GPC = 'get_page_content'

/** The verdict of hand-built runs, counted as the overview counts them. */
function verdictOf(runs: Run[], options: Partial<Parameters<typeof verdictText>[0]> = {}) {
  const summary = foldEffect(emptyEffectSummary(), runs, createEffectScope(windows, [], CATALOGUE))
  return verdictText({
    comparison: comparison(summary, []),
    recovery: recoveryOf(summary.after),
    partial: null,
    selectedTools: 0,
    ...options,
  })
}

/** `failed` of `calls` calls of one tool in one run. */
const calls = (uuid: string, at: string, total: number, failed: number) =>
  runOf(
    uuid,
    'completed',
    at,
    Array.from({ length: total }, (_, i) => [i + 1, GPC, i < failed ? 'failed' : 'ok'] as const),
  )

describe('verdictText', () => {
  it('says the failure rate fell beyond the noise, what was refused and what recovered', () => {
    const runs = [
      calls('b', BEFORE, 100, 30),
      calls('a', AFTER, 100, 2),
      runOf('r', 'completed', AFTER, [
        [1, UPM, 'arguments'],
        [2, UPM, 'ok'],
        [3, UPM, 'arguments'],
        [4, GPC, 'turn'],
      ]),
    ]
    expect(verdictOf(runs)).toBe(
      'Failures fell from 30.0 % before the decision date to 1.9 % after it — beyond the noise at ' +
        'these numbers; the check refused 2.9 % of the calls after it, and 50.0 % of its 2 ' +
        'argument refusals were corrected in the next round.',
    )
  })

  it('says a small change is within the noise, and when nothing was refused', () => {
    expect(verdictOf([calls('b', BEFORE, 10, 1), calls('a', AFTER, 10, 2)])).toBe(
      'Failures rose from 10.0 % before the decision date to 20.0 % after it — within the noise ' +
        'at these numbers; the check refused no call after it.',
    )
    expect(verdictOf([calls('b', BEFORE, 10, 1), calls('a', AFTER, 20, 2)])).toBe(
      'Failures stayed at 10.0 % before and after the decision date — within the noise at these ' +
        'numbers; the check refused no call after it.',
    )
  })

  it('says refusals were all of siblings when no call was refused for its arguments', () => {
    const runs = [calls('b', BEFORE, 4, 0), runOf('t', 'completed', AFTER, [[1, GPC, 'turn']])]
    expect(verdictOf(runs)).toMatch(
      /; the check refused 100\.0 % of the calls after it, none for their arguments\.$/,
    )
  })

  it('names a side without calls instead of a rate', () => {
    expect(verdictOf([calls('a', AFTER, 4, 1)])).toBe(
      'Nothing before the decision date to compare against; after it, 25.0 % of calls failed; ' +
        'the check refused no call after it.',
    )
    expect(verdictOf([calls('b', BEFORE, 4, 1)])).toBe(
      'No calls after the decision date yet; before it, 25.0 % failed.',
    )
    expect(verdictOf([])).toBe('No tool call was counted on either side yet.')
  })

  it('says "so far" with the runs counted, and names a tool filter', () => {
    const runs = [calls('b', BEFORE, 10, 1), calls('a', AFTER, 10, 1)]
    expect(verdictOf(runs, { partial: { loaded: 1234, total: 5000 }, selectedTools: 2 })).toBe(
      'So far (1,234 of 5,000 runs counted): for the 2 selected tools, failures stayed at 10.0 % ' +
        'before and after the decision date — within the noise at these numbers; the check ' +
        'refused no call after it.',
    )
    expect(verdictOf(runs, { partial: { loaded: 3, total: null }, selectedTools: 1 })).toMatch(
      /^So far \(3 runs counted\): for the selected tool, failures/,
    )
  })
})
