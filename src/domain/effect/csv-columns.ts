/**
 * The comparison table's CSV columns, exactly and in order: the overview's one source of truth
 * (documented in docs/overview-csv.md). One row for all tools, then one per tool.
 */
export const COMPARISON_CSV_COLUMNS = [
  'scope',
  'tool',
  'source',
  'decision_at',
  'before_from',
  'after_to',
  'window_days',
  'timezone',
  'tools_filter',
  'calls_before',
  'calls_after',
  'failed_before',
  'failed_after',
  'failure_rate_before',
  'failure_rate_before_low',
  'failure_rate_before_high',
  'failure_rate_after',
  'failure_rate_after_low',
  'failure_rate_after_high',
  'failure_rate_change',
  'failure_changed_beyond_intervals',
  'denied_before',
  'denied_after',
  'refused_before',
  'refused_after',
  'refusal_rate_before',
  'refusal_rate_before_low',
  'refusal_rate_before_high',
  'refusal_rate_after',
  'refusal_rate_after_low',
  'refusal_rate_after_high',
  'refusal_rate_change',
  'refused_arguments_before',
  'refused_arguments_after',
  'refused_turn_before',
  'refused_turn_after',
  'refused_other_before',
  'refused_other_after',
  'recovered_next_round_after',
  'recovered_next_round_rate_after',
  'recovered_next_round_rate_after_low',
  'recovered_next_round_rate_after_high',
] as const

export type ComparisonCsvColumn = (typeof COMPARISON_CSV_COLUMNS)[number]

/** `overview-comparison_<decision day>_<window>d.csv`. */
export function comparisonFileName(decisionDay: string, windowDays: number): string {
  return `overview-comparison_${decisionDay}_${windowDays}d.csv`
}
