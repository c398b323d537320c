import {
  comparisonCsvChunks,
  comparisonFileName,
  type Comparison,
  type EffectWindows,
  type RecoveryMeasures,
} from '@/domain/effect'
import { dayOf } from '@/domain/time'
import { downloadChunks } from '@/components/ui/download'

export interface ExportComparisonProps {
  comparison: Comparison
  recovery: RecoveryMeasures
  windows: EffectWindows
  tools: readonly string[]
  /** The zone the page reads days in: the file's instants and its name's day are in it. */
  tz: string
  /** False while the load is incomplete: a comparison of part of the runs is not offered. */
  complete: boolean
}

/** The comparison table as CSV (columns in docs/overview-csv.md). */
export function ExportComparison({
  comparison,
  recovery,
  windows,
  tools,
  tz,
  complete,
}: ExportComparisonProps) {
  return (
    <div className="export-actions" role="group" aria-label="Export">
      <button
        type="button"
        disabled={!complete}
        onClick={() =>
          downloadChunks(
            comparisonFileName(
              dayOf(windows.decisionMs, tz),
              // A window cut to hours keeps them (0.38d), never reads as 0 days.
              Number((windows.lengthMs / 86_400_000).toFixed(2)),
            ),
            comparisonCsvChunks(comparison, { windows, tools, tz, recovery }),
          )
        }
      >
        Export comparison (CSV)
      </button>
      {!complete ? <span className="muted">Available once every run is loaded.</span> : null}
    </div>
  )
}
