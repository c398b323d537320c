/** The counts and rates of a set of calls (a `CountsRow`), as every report's CSV writes them. */
export const COUNTS_COLUMNS = [
  'calls',
  'succeeded',
  'failed',
  'denied',
  'refused_arguments',
  'refused_turn',
  'refused_other',
  'failure_rate',
  'refusal_rate',
] as const

/** The tool report's columns, exactly (one row per tool, no totals row). */
export const TOOL_REPORT_COLUMNS = [
  'tool',
  'source',
  ...COUNTS_COLUMNS,
  'from',
  'to',
  'timezone',
] as const

/**
 * The tool-calls export's columns, exactly (one row per counted tool call). `installation` is the
 * run's where the file covers all installations of a server over many, else empty.
 */
export const TOOL_CALLS_COLUMNS = [
  'run_uuid',
  'run_started_at',
  'round',
  'sequence',
  'occurred_at',
  'tool',
  'outcome',
  'refusal_code',
  'duration_ms',
  'installation',
] as const

/**
 * The cell that states which tools a file was filtered by: empty for every tool, else the names
 * as a JSON array (`["a;b","c"]`), so any name, a separator in it included, reads back exactly.
 */
export function toolsFilterCell(tools: readonly string[]): string {
  return tools.length === 0 ? '' : JSON.stringify(tools)
}

/** `tool-report_<from>_<to>.csv`; days as given. */
export function toolReportFileName(from: string, to: string): string {
  return `tool-report_${from}_${to}.csv`
}

/** `tool-calls_<from>_<to>.csv`; days as given. */
export function toolCallsFileName(from: string, to: string): string {
  return `tool-calls_${from}_${to}.csv`
}

/** The runs list's columns, exactly (one row per listed run, in the list's order). */
export const RUNS_COLUMNS = [
  'run_uuid',
  'started_at',
  'configuration',
  'status',
  'rounds',
  'tool_calls',
  'failed',
  'denied',
  'refused_arguments',
  'refused_turn',
  'refused_other',
  'duration_ms',
  'from',
  'to',
  'timezone',
  'tools',
  'outcome',
  'configuration_filter',
  'status_filter',
] as const

/** `runs_<from>_<to>.csv`; days as given. */
export function runsFileName(from: string, to: string): string {
  return `runs_${from}_${to}.csv`
}
