import { csvChunks, toolsFilterCell, type CsvChunkerOptions, type CsvValue } from '../csv'
import type { Comparison, ComparisonRow } from './comparison'
import { COMPARISON_CSV_COLUMNS, type ComparisonCsvColumn } from './csv-columns'
import type { RateStat } from './rate-change'
import { DAY_MS, type EffectWindows } from './windows'

/** What every row states about the comparison. */
export interface ComparisonContext {
  windows: EffectWindows
  /** The selected tools; empty for every tool. */
  tools: readonly string[]
}

// A number, not text: a negative change is data, and csvCell only escapes text that could be a
// formula (a string "-0.0193" would get an apostrophe and stop being a number).
const share = (value: number | null | undefined): number | null =>
  value === null || value === undefined ? null : Number(value.toFixed(4))
const iso = (ms: number): string => new Date(ms).toISOString()

function rateCells(
  prefix: 'failure_rate' | 'refusal_rate',
  side: 'before' | 'after',
  stat: RateStat,
) {
  return {
    [`${prefix}_${side}`]: share(stat.rate),
    [`${prefix}_${side}_low`]: share(stat.interval?.low),
    [`${prefix}_${side}_high`]: share(stat.interval?.high),
  }
}

function cellsOf(row: ComparisonRow, context: ComparisonContext): CsvValue[] {
  const { windows } = context
  const cells: Record<string, CsvValue> = {
    scope: row.tool === null ? 'all' : 'tool',
    tool: row.tool ?? '',
    source: row.source ?? '',
    decision_at: iso(windows.decisionMs),
    before_from: iso(windows.before.startMs),
    after_to: iso(windows.after.endMs),
    window_days: Number((windows.lengthMs / DAY_MS).toFixed(4)),
    tools_filter: toolsFilterCell(context.tools),
    calls_before: row.before.calls,
    calls_after: row.after.calls,
    failed_before: row.before.failed,
    failed_after: row.after.failed,
    ...rateCells('failure_rate', 'before', row.failure.before),
    ...rateCells('failure_rate', 'after', row.failure.after),
    failure_rate_change: share(row.failure.change),
    failure_changed_beyond_intervals: row.failure.beyondIntervals ? 'yes' : 'no',
    denied_before: row.before.denied,
    denied_after: row.after.denied,
    refused_before: row.before.refused,
    refused_after: row.after.refused,
    ...rateCells('refusal_rate', 'before', row.refusal.before),
    ...rateCells('refusal_rate', 'after', row.refusal.after),
    refusal_rate_change: share(row.refusal.change),
    refused_arguments_before: row.before.refusedArguments,
    refused_arguments_after: row.after.refusedArguments,
    refused_turn_before: row.before.refusedTurn,
    refused_turn_after: row.after.refusedTurn,
    refused_other_before: row.before.refusedOther,
    refused_other_after: row.after.refusedOther,
  }
  return COMPARISON_CSV_COLUMNS.map((column: ComparisonCsvColumn) => cells[column])
}

/**
 * The comparison as CSV rows in {@link COMPARISON_CSV_COLUMNS} order: the all-tools row first,
 * then the tools in the table's order. Shares have 4 decimals; a missing rate is an empty cell.
 * A comparison without tools gives the all-tools row only.
 */
export function comparisonCsvRows(
  comparison: Comparison,
  context: ComparisonContext,
): CsvValue[][] {
  return [comparison.overall, ...comparison.tools].map((row) => cellsOf(row, context))
}

/** The comparison CSV as chunks for a Blob (small: usually one). */
export function comparisonCsvChunks(
  comparison: Comparison,
  context: ComparisonContext,
  options?: CsvChunkerOptions,
): string[] {
  return [...csvChunks(COMPARISON_CSV_COLUMNS, comparisonCsvRows(comparison, context), options)]
}
