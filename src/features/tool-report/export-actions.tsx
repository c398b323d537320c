import { useRef, useState } from 'react'
import { describeApiError, useApiConfig, useSummaryStore } from '@/api'
import type { Filters } from '@/domain/filters'
import {
  EXCEL_MAX_ROWS,
  exceedsExcelRows,
  toolCallsFileName,
  toolReportChunks,
  toolReportFileName,
} from '@/domain/csv'
import { createScope, type ToolRow } from '@/domain/summary'
import { downloadChunks } from '@/components/ui/download'
import { exportToolCalls } from './export-tool-calls'
import { formatCount } from '@/components/ui/format-count'

export interface ExportActionsProps {
  filters: Filters
  /** In the order on screen (`sortToolRows`): the report's CSV follows it. */
  rows: ReadonlyArray<ToolRow>
  /** False while the summary is incomplete: a report of part of the runs is not offered. */
  complete: boolean
}

type CallsState =
  | { status: 'idle' }
  | { status: 'running'; loaded: number; total: number | null }
  | { status: 'done'; rows: number; complete: boolean; loaded: number; total: number | null }
  | { status: 'failed'; message: string }

const num = formatCount

/** The two CSV exports of the tool report. */
export function ExportActions({ filters, rows, complete }: ExportActionsProps) {
  const config = useApiConfig()
  const store = useSummaryStore()
  const [calls, setCalls] = useState<CallsState>({ status: 'idle' })
  const controller = useRef<AbortController | null>(null)

  const exportReport = () => {
    downloadChunks(toolReportFileName(filters.from, filters.to), toolReportChunks(rows, filters))
  }

  const exportCalls = async () => {
    controller.current?.abort()
    const abort = new AbortController()
    controller.current = abort
    const scope = createScope(filters)
    setCalls({ status: 'running', loaded: 0, total: null })
    try {
      const result = await exportToolCalls(store, config, scope, abort.signal, (loaded, total) =>
        setCalls({ status: 'running', loaded, total }),
      )
      if (abort.signal.aborted) {
        setCalls({ status: 'idle' })
        return
      }
      if (result.complete)
        downloadChunks(toolCallsFileName(filters.from, filters.to), result.chunks)
      setCalls({
        status: 'done',
        rows: result.rows,
        complete: result.complete,
        loaded: result.loadedRuns,
        total: result.totalRuns,
      })
    } catch (error) {
      setCalls({ status: 'failed', message: describeApiError(error) })
    }
  }

  return (
    <div className="export-actions" role="group" aria-label="Export">
      <button type="button" onClick={exportReport} disabled={!complete}>
        Export tool report (CSV)
      </button>
      {!complete ? (
        <span className="muted">The tool report export is available once every run is loaded.</span>
      ) : null}
      <button
        type="button"
        onClick={() => void exportCalls()}
        disabled={calls.status === 'running'}
      >
        Export tool calls (CSV)
      </button>
      {calls.status === 'running' ? (
        <span role="status">
          Preparing tool calls: {num(calls.loaded)}
          {calls.total === null ? '' : ` of ${num(calls.total)}`} runs{' '}
          <button type="button" onClick={() => controller.current?.abort()}>
            Cancel export
          </button>
        </span>
      ) : null}
      {calls.status === 'done' && calls.complete ? (
        <span role="status">
          Exported {num(calls.rows)} tool calls.
          {exceedsExcelRows(calls.rows)
            ? ` Warning: more than Excel's ${num(EXCEL_MAX_ROWS)} rows; Excel will cut the file off.`
            : ''}
        </span>
      ) : null}
      {calls.status === 'done' && !calls.complete ? (
        <span role="alert">
          The export stopped after {num(calls.loaded)} of{' '}
          {calls.total === null ? '?' : num(calls.total)} runs; no file was saved. Try again.
        </span>
      ) : null}
      {calls.status === 'failed' ? <span role="alert">{calls.message}</span> : null}
    </div>
  )
}
