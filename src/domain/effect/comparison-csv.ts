import {
  csvChunks,
  shareCell as share,
  toolsFilterCell,
  type CsvChunkerOptions,
  type CsvValue,
} from '../csv'
import { formatInstant } from '../time'
import type { Comparison, ComparisonRow } from './comparison'
import { COMPARISON_CSV_COLUMNS } from './csv-columns'
import type { RateStat } from './rate-change'
import type { RecoveryMeasures } from './recovery'
import { DAY_MS, type EffectWindows } from './windows'

/** What every row states about the comparison. */
export interface ComparisonContext {
  windows: EffectWindows
  /** The selected tools; empty for every tool. */
  tools: readonly string[]
  /** The zone the page reads days in: instants are written with its offset. */
  tz: string
  /** The recovery of the argument refusals after the decision (all tools: the `all` row's). */
  recovery: RecoveryMeasures
}

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
  const { windows, tz, recovery } = context
  const iso = (ms: number) => formatInstant(ms, tz)
  // Recovery is counted over all tools together: the `all` row holds it, tool rows leave it empty.
  const next = row.tool === null ? recovery.nextRound : null
  const cells: Record<string, CsvValue> = {
    scope: row.tool === null ? 'all' : 'tool',
    tool: row.tool ?? '',
    source: row.source ?? '',
    decision_at: iso(windows.decisionMs),
    before_from: iso(windows.before.startMs),
    after_to: iso(windows.after.endMs),
    window_days: Number((windows.lengthMs / DAY_MS).toFixed(4)),
    timezone: tz,
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
    recovered_next_round_after: next?.events,
    recovered_next_round_rate_after: share(next?.rate),
    recovered_next_round_rate_after_low: share(next?.interval?.low),
    recovered_next_round_rate_after_high: share(next?.interval?.high),
  }
  return COMPARISON_CSV_COLUMNS.map((column) => cells[column])
}

/**
 * The comparison as CSV rows in {@link COMPARISON_CSV_COLUMNS} order: the all-tools row first,
 * then the tools in the table's order. Shares have 4 decimals; a missing rate is an empty cell;
 * instants carry the offset of the context's zone.
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
