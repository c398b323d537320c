import type { Run } from '../contract'
import type { SummaryScope } from '../summary'
import { createCsvChunker } from './chunker'
import { TOOL_CALLS_COLUMNS } from './columns'
import { toolCallRows } from './tool-calls'

/**
 * The tool-calls CSV as it is built page by page: the text of the last page folded in (the
 * header and BOM before the first page's rows), the data rows so far and the pages so far. Only
 * the last page's text is kept, so whoever collects the file takes each page's text as it comes.
 */
export interface ToolCallsCsvPage {
  text: string
  rows: number
  pages: number
}

/** Nothing folded yet. */
export const emptyToolCallsCsv = (): ToolCallsCsvPage => ({ text: '', rows: 0, pages: 0 })

/** The CSV text of one page of runs (led by the file's BOM and header on the first page). */
export function foldToolCallsCsv(
  previous: ToolCallsCsvPage,
  runs: readonly Run[],
  scope: SummaryScope,
): ToolCallsCsvPage {
  const first = previous.pages === 0
  const chunker = createCsvChunker(TOOL_CALLS_COLUMNS, { header: first, bom: first })
  const parts: string[] = []
  for (const row of toolCallRows(runs, scope)) {
    const chunk = chunker.push(row)
    if (chunk !== null) parts.push(chunk)
  }
  parts.push(chunker.end())
  return { text: parts.join(''), rows: previous.rows + chunker.rows, pages: previous.pages + 1 }
}

/** The file of no page at all: BOM and header. */
export const toolCallsCsvHeader = (): string => createCsvChunker(TOOL_CALLS_COLUMNS).end()
