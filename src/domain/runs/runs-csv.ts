import {
  RUNS_COLUMNS,
  csvChunks,
  toolsFilterCell,
  type CsvChunkerOptions,
  type CsvValue,
} from '../csv'
import { formatInstant } from '../time'
import type { RunRow } from './run-row'

/** What the list was filtered by, stated on every row so a file explains itself. */
export interface RunsCsvContext {
  from: string
  to: string
  tz: string
  /** The selected tools (counts are of these only); empty for every tool. */
  tools: readonly string[]
  /** The outcome filter's URL value; empty for any. */
  outcome: string
  /** The configuration and status filters (null for any: an empty cell). */
  configuration: string | null
  status: string | null
}

/**
 * The runs list's CSV rows, in {@link RUNS_COLUMNS} order and in the order given: times in ISO
 * 8601 with the zone's offset, an unfinished run's duration empty, tools as `toolsFilterCell`. No rows
 * give nothing. Escaping (formula-like text, quotes) is `csvLine`'s.
 */
export function* runsCsvRows(
  rows: Iterable<RunRow>,
  context: RunsCsvContext,
): Generator<CsvValue[]> {
  const tools = toolsFilterCell(context.tools)
  for (const row of rows) {
    const cells: Record<(typeof RUNS_COLUMNS)[number], CsvValue> = {
      run_uuid: row.uuid,
      started_at: formatInstant(row.startedMs, context.tz),
      configuration: row.configuration,
      status: row.status,
      rounds: row.rounds,
      tool_calls: row.toolCalls,
      failed: row.failed,
      denied: row.denied,
      refused_arguments: row.refusedArguments,
      refused_turn: row.refusedTurn,
      refused_other: row.refusedOther,
      duration_ms: row.durationMs,
      from: context.from,
      to: context.to,
      timezone: context.tz,
      tools,
      outcome: context.outcome,
      configuration_filter: context.configuration ?? '',
      status_filter: context.status ?? '',
    }
    yield RUNS_COLUMNS.map((column) => cells[column])
  }
}

/** The runs list as CSV chunks of bounded size (Blob parts); a header-only file for no rows. */
export function runsCsvChunks(
  rows: Iterable<RunRow>,
  context: RunsCsvContext,
  options?: CsvChunkerOptions,
): string[] {
  return [...csvChunks(RUNS_COLUMNS, runsCsvRows(rows, context), options)]
}
