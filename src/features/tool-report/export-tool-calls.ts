import { loadAllRuns, type ApiConfig, type RunsQuery } from '../../api'
import { TOOL_CALLS_COLUMNS, createCsvChunker, toolCallRows } from '../../domain/csv'
import type { SummaryScope } from '../../domain/summary'

export interface ToolCallsExport {
  chunks: string[]
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
  const chunks: string[] = []
  const final = await loadAllRuns({
    config,
    query,
    signal,
    folder: {
      empty: () => null,
      fold: (state, runs) => {
        for (const row of toolCallRows(runs, scope)) {
          const chunk = chunker.push(row)
          if (chunk !== null) chunks.push(chunk)
        }
        return state
      },
    },
    onUpdate: (state) => onProgress(state.loadedRuns, state.totalRuns),
  })
  chunks.push(chunker.end())
  return {
    chunks,
    rows: chunker.rows,
    complete: final.status === 'done',
    loadedRuns: final.loadedRuns,
    totalRuns: final.totalRuns,
  }
}
