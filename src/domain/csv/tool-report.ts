import type { CountsRow, ToolRow } from '../summary'
import type { IsoDay } from '../time'
import { csvChunks, type CsvChunkerOptions } from './chunker'
import { COUNTS_COLUMNS, TOOL_REPORT_COLUMNS } from './columns'
import type { CsvValue } from './escape'
import { shareCell } from './share'

/** The filters a report states on every row. */
export interface ReportRange {
  from: IsoDay
  to: IsoDay
  tz: string
}

/** The {@link COUNTS_COLUMNS} cells of a set of calls. */
export function countsCells(row: CountsRow): Record<(typeof COUNTS_COLUMNS)[number], CsvValue> {
  return {
    calls: row.calls,
    succeeded: row.succeeded,
    failed: row.failed,
    denied: row.denied,
    refused_arguments: row.refusedArguments,
    refused_turn: row.refusedTurn,
    refused_other: row.refusedOther,
    failure_rate: shareCell(row.failureRate),
    refusal_rate: shareCell(row.refusalRate),
  }
}

/**
 * The tool report's rows, in {@link TOOL_REPORT_COLUMNS} order, one per tool and in the order
 * given (no totals row). No tools give no rows.
 */
export function toolReportRows(rows: readonly ToolRow[], range: ReportRange): CsvValue[][] {
  return rows.map((row) => {
    const cells: Record<(typeof TOOL_REPORT_COLUMNS)[number], CsvValue> = {
      tool: row.tool,
      source: row.source,
      ...countsCells(row),
      from: range.from,
      to: range.to,
      timezone: range.tz,
    }
    return TOOL_REPORT_COLUMNS.map((column) => cells[column])
  })
}

/** The tool report as CSV chunks (it is small: usually one chunk). */
export function toolReportChunks(
  rows: readonly ToolRow[],
  range: ReportRange,
  options?: CsvChunkerOptions,
): string[] {
  return [...csvChunks(TOOL_REPORT_COLUMNS, toolReportRows(rows, range), options)]
}
