import { loadAllRuns, type ApiConfig, type RunsQuery } from '../../api'
import { TOOL_CALLS_COLUMNS, createCsvChunker, toolCallRows } from '../../domain/csv'
import type { SummaryScope } from '../../domain/summary'

export interface ToolCallsExport {
  chunks: BlobPart[]
  rows: number
  complete: boolean
  loadedRuns: number
  totalRuns: number | null
}

/**
 * Builds the tool-calls CSV by paging through the runs again: each page's rows go straight into
 * bounded string chunks, and the page is dropped. Stops (incomplete) when the load fails.
 */
export async function exportToolCalls(
  config: ApiConfig,
  query: Omit<RunsQuery, 'cursor' | 'limit'>,
  scope: SummaryScope,
  signal: AbortSignal,
  onProgress: (loadedRuns: number, totalRuns: number | null) => void,
): Promise<ToolCallsExport> {
  const chunker = createCsvChunker(TOOL_CALLS_COLUMNS)
  let chunks: BlobPart[] = []
  // Every 16 chunks (~16 MB) become one Blob, which the browser keeps outside the JS heap.
  const add = (chunk: string) => {
    chunks.push(chunk)
    if (chunks.length >= 16) chunks = [new Blob(chunks, { type: 'text/csv;charset=utf-8' })]
  }
  const final = await loadAllRuns({
    config,
    query,
    signal,
    folder: {
      empty: () => null,
      fold: (state, runs) => {
        for (const row of toolCallRows(runs, scope)) {
          const chunk = chunker.push(row)
          if (chunk !== null) add(chunk)
        }
        return state
      },
    },
    onUpdate: (state) => onProgress(state.loadedRuns, state.totalRuns),
  })
  add(chunker.end())
  return {
    chunks,
    rows: chunker.rows,
    complete: final.status === 'done',
    loadedRuns: final.loadedRuns,
    totalRuns: final.totalRuns,
  }
}
