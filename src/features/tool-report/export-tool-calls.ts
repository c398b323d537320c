import type { ApiConfig, SummaryStore } from '@/api'
import { toolCallsCsvHeader, type ToolCallsCsvPage } from '@/domain/csv'
import type { SummaryScope } from '@/domain/summary'

export interface ToolCallsExport {
  chunks: BlobPart[]
  rows: number
  complete: boolean
  loadedRuns: number
  totalRuns: number | null
}

/**
 * Builds the tool-calls CSV by paging through the runs again, in the loading worker: each page
 * arrives as its CSV text, and the page is dropped there. Every 16 pages of text become one Blob,
 * which the browser keeps outside the JS heap. Stops (incomplete) when the load fails.
 */
export async function exportToolCalls(
  store: SummaryStore,
  config: ApiConfig,
  scope: SummaryScope,
  signal: AbortSignal,
  onProgress: (loadedRuns: number, totalRuns: number | null) => void,
): Promise<ToolCallsExport> {
  let chunks: BlobPart[] = []
  let pages = 0
  const final = await store.runOnce<ToolCallsCsvPage>(
    { config, spec: { kind: 'tool-calls-csv', scope } },
    signal,
    (state) => {
      // A state repeats the last page's text when only the status changes: take each page once.
      if (state.summary.pages > pages) {
        pages = state.summary.pages
        chunks.push(state.summary.text)
        if (chunks.length >= 16) chunks = [new Blob(chunks, { type: 'text/csv;charset=utf-8' })]
      }
      onProgress(state.loadedRuns, state.totalRuns)
    },
  )
  if (pages === 0) chunks.push(toolCallsCsvHeader())
  return {
    chunks,
    rows: final?.summary.rows ?? 0,
    complete: final?.status === 'done',
    loadedRuns: final?.loadedRuns ?? 0,
    totalRuns: final?.totalRuns ?? null,
  }
}
