import {
  comparisonCsvChunks,
  comparisonFileName,
  type Comparison,
  type EffectWindows,
} from '@/domain/effect'
import { dayOf } from '@/domain/time'
import { downloadChunks } from '@/components/ui/download'

export interface ExportComparisonProps {
  comparison: Comparison
  windows: EffectWindows
  tools: readonly string[]
  /** False while the load is incomplete: a comparison of part of the runs is not offered. */
  complete: boolean
}

/** The comparison table as CSV (columns in docs/overview-csv.md). */
export function ExportComparison({ comparison, windows, tools, complete }: ExportComparisonProps) {
  return (
    <div className="export-actions" role="group" aria-label="Export">
      <button
        type="button"
        disabled={!complete}
        onClick={() =>
          downloadChunks(
            comparisonFileName(
              dayOf(windows.decisionMs, 'UTC'),
              // A window cut to hours keeps them (0.38d), never reads as 0 days.
              Number((windows.lengthMs / 86_400_000).toFixed(2)),
            ),
            comparisonCsvChunks(comparison, { windows, tools }),
          )
        }
      >
        Export comparison (CSV)
      </button>
      {!complete ? <span className="muted">Available once every run is loaded.</span> : null}
    </div>
  )
}
