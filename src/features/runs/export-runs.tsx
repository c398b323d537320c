import { useState } from 'react'
import { EXCEL_MAX_ROWS, exceedsExcelRows, runsFileName } from '@/domain/csv'
import { runsCsvChunks, type RunRow, type RunsCsvContext } from '@/domain/runs'
import { downloadChunks } from '@/components/ui/download'
import { formatCount } from '@/components/ui/format-count'

export interface ExportRunsProps {
  /** The listed rows in the shown order. */
  rows: readonly RunRow[]
  context: RunsCsvContext
  /** False while the list is incomplete: a file of part of the runs is not offered. */
  complete: boolean
}

const num = formatCount

/** The runs list as a CSV download (chunked Blob), in the order and with the filters shown. */
export function ExportRuns({ rows, context, complete }: ExportRunsProps) {
  const [done, setDone] = useState<number | null>(null)
  const exportRuns = () => {
    downloadChunks(runsFileName(context.from, context.to), runsCsvChunks(rows, context))
    setDone(rows.length)
  }
  return (
    <div className="export-actions" role="group" aria-label="Export">
      <button type="button" onClick={exportRuns} disabled={!complete}>
        Export runs (CSV)
      </button>
      {!complete ? <span className="muted">Available once every run is loaded.</span> : null}
      {done !== null ? (
        <span role="status">
          Exported {num(done)} runs.
          {exceedsExcelRows(done)
            ? ` Warning: more than Excel's ${num(EXCEL_MAX_ROWS)} rows; Excel will cut the file off.`
            : ''}
        </span>
      ) : null}
    </div>
  )
}
