import { useEffect, useRef, useState } from 'react'
import { describeApiError, fetchRunListCsv, runListCsvUrl, useApiConfig } from '@/api'
import type { RunListQuery } from '@/domain/api-query'
import { EXCEL_MAX_ROWS, exceedsExcelRows } from '@/domain/csv'
import { downloadChunks } from '@/components/ui/download'
import { formatCount } from '@/components/ui/format-count'

export interface ExportServedRunsProps {
  query: RunListQuery
  /** The zone the file's times are written in. */
  tz: string
  fileName: string
  /** How many runs the file holds (the list's `totalRuns`). */
  runs: number
  /**
   * `link`: a download link to the installation's CSV, which the browser streams to disk (the
   * page's memory stays flat, whatever the list's length). `fetch`: the file fetched through the
   * app's own API client and handed over as a Blob, for an API answered inside the page (the
   * demo's simulated installation), which no link reaches.
   */
  via: 'link' | 'fetch'
  /** The figures shown are not yet the current query's: the export waits for them. */
  pending: boolean
}

const num = formatCount
const LABEL = 'Export runs (CSV)'

type Progress = { kind: 'idle' } | { kind: 'fetching' } | { kind: 'done'; runs: number }

/**
 * The whole served runs list as a CSV file written by the installation: every run that passes
 * the filters, in the order shown, not just the page on screen.
 */
export function ExportServedRuns({
  query,
  tz,
  fileName,
  runs,
  via,
  pending,
}: ExportServedRunsProps) {
  const config = useApiConfig()
  const [progress, setProgress] = useState<Progress>({ kind: 'idle' })
  const [error, setError] = useState<unknown>(null)
  const running = useRef<AbortController | null>(null)
  useEffect(() => () => running.current?.abort(), [])

  const fetchFile = async () => {
    running.current?.abort()
    const controller = new AbortController()
    running.current = controller
    setProgress({ kind: 'fetching' })
    setError(null)
    try {
      const file = await fetchRunListCsv(config, query, tz, controller.signal)
      downloadChunks(fileName, [file])
      setProgress({ kind: 'done', runs })
    } catch (caught) {
      if (controller.signal.aborted) return
      setError(caught)
      setProgress({ kind: 'idle' })
    }
  }

  const control =
    via === 'link' && !pending ? (
      <a
        className="export-link"
        href={runListCsvUrl(config, query, tz)}
        download={fileName}
        onClick={() => setProgress({ kind: 'done', runs })}
      >
        {LABEL}
      </a>
    ) : (
      <button
        type="button"
        disabled={pending || progress.kind === 'fetching'}
        onClick={() => void fetchFile()}
      >
        {LABEL}
      </button>
    )

  return (
    <div className="export-actions" role="group" aria-label="Export">
      {control}
      {pending ? <span className="muted">Available once the list is updated.</span> : null}
      {progress.kind === 'fetching' ? <span role="status">Preparing {num(runs)} runs…</span> : null}
      {progress.kind === 'done' ? (
        <span role="status">
          {via === 'link' ? 'Exporting' : 'Exported'} {num(progress.runs)} runs
          {via === 'link' ? ': the browser saves the file as it arrives.' : '.'}
          {exceedsExcelRows(progress.runs)
            ? ` Warning: more than Excel's ${num(EXCEL_MAX_ROWS)} rows; Excel will cut the file off.`
            : ''}
        </span>
      ) : null}
      {error !== null ? (
        <span role="alert" className="export-actions__problem">
          The file could not be made: {describeApiError(error)}
        </span>
      ) : null}
    </div>
  )
}
