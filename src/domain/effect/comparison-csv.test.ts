import Papa from 'papaparse'
import { describe, expect, it } from 'vitest'
import { comparison } from './comparison'
import { comparisonCsvChunks } from './comparison-csv'
import { COMPARISON_CSV_COLUMNS, comparisonFileName } from './csv-columns'
import { createEffectScope } from './effect-scope'
import { emptyEffectSummary } from './effect-summary'
import { foldEffect } from './fold-effect'
import { recoveryOf } from './recovery'
import { AFTER_RUNS, BEFORE_RUNS, CATALOGUE, DECISION_MS, runOf } from './test-fixtures'
import { effectWindows } from './windows'

const windows = effectWindows(DECISION_MS, 14, { earliestMs: 0, latestMs: 8e15 })

function parse(chunks: string[]) {
  const text = chunks.join('')
  expect(text.startsWith('\uFEFF')).toBe(true)
  return Papa.parse<Record<string, string>>(text.slice(1), { header: true, skipEmptyLines: true })
}

describe('comparison CSV', () => {
  it('has the documented columns, the all-tools row first, shares with 4 decimals', () => {
    const hostile = runOf('x', 'completed', '2026-11-06T10:00:00Z', [[1, '=cmd|x', 'arguments']])
    const scope = createEffectScope(windows, [], CATALOGUE)
    const s = foldEffect(emptyEffectSummary(), [...AFTER_RUNS, ...BEFORE_RUNS, hostile], scope)
    const recovery = recoveryOf(s.after)
    const csv = parse(
      comparisonCsvChunks(comparison(s, CATALOGUE), { windows, tools: [], tz: 'UTC', recovery }),
    )
    expect(csv.errors).toEqual([])
    expect(csv.meta.fields).toEqual([...COMPARISON_CSV_COLUMNS])
    const [all, ...tools] = csv.data
    expect(all).toMatchObject({
      scope: 'all',
      tool: '',
      decision_at: '2026-11-05T09:00:00.000+00:00',
      before_from: '2026-10-22T09:00:00.000+00:00',
      after_to: '2026-11-19T09:00:00.000+00:00',
      window_days: '14',
      timezone: 'UTC',
      calls_before: '5',
      calls_after: '24',
      failed_before: '1',
      failure_rate_before: '0.2000',
      failure_rate_after: (2 / 24).toFixed(4),
      refused_arguments_after: '9',
      refused_other_after: '1',
      failure_changed_beyond_intervals: 'no',
    })
    expect(Number(all?.failure_rate_before_low)).toBeLessThan(0.2)
    expect(all?.refusal_rate_change).toBe((13 / 24).toFixed(4))
    // A fall in the failure rate is a negative number, never escaped as text.
    expect(all?.failure_rate_change).toBe((2 / 24 - 0.2).toFixed(4))
    // The fourth headline card, on the all-tools row: argument refusals corrected next round.
    expect(recovery.refusals).toBeGreaterThan(0)
    expect(all).toMatchObject({
      recovered_next_round_after: String(recovery.nextRound.events),
      recovered_next_round_rate_after: (recovery.nextRound.rate ?? NaN).toFixed(4),
      recovered_next_round_rate_after_low: (recovery.nextRound.interval?.low ?? NaN).toFixed(4),
    })
    expect(tools.every((row) => row.recovered_next_round_rate_after === '')).toBe(true)
    expect(all?.failure_rate_change?.startsWith('-')).toBe(true)
    expect(tools[0]).toMatchObject({
      scope: 'tool',
      tool: 'update_page_metadata',
      source: 'builtin',
    })
    // A formula-like tool name is escaped, never a formula.
    expect(tools.some((row) => row.tool === "'=cmd|x")).toBe(true)
    const ask = tools.find((row) => row.tool === 'ask_choice')
    expect(ask?.failure_rate_before).toBe('')
    expect(ask?.failure_rate_change).toBe('')
  })

  it('is the header and the all-tools row for an empty summary', () => {
    const empty = emptyEffectSummary()
    const csv = parse(
      comparisonCsvChunks(comparison(empty), {
        windows,
        tools: ['a', 'b'],
        tz: 'Asia/Kolkata',
        recovery: recoveryOf(empty.after),
      }),
    )
    expect(csv.data).toHaveLength(1)
    expect(csv.data[0]).toMatchObject({
      calls_before: '0',
      failure_rate_before: '',
      tools_filter: '["a","b"]',
      // Instants in the page's zone, with its offset.
      decision_at: '2026-11-05T14:30:00.000+05:30',
      timezone: 'Asia/Kolkata',
      recovered_next_round_after: '0',
      recovered_next_round_rate_after: '',
    })
    expect(comparisonFileName('2026-11-05', 14)).toBe('overview-comparison_2026-11-05_14d.csv')
    expect(comparisonFileName('2026-11-05', 0.38)).toBe('overview-comparison_2026-11-05_0.38d.csv')
  })
})
