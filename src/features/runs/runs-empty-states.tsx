import { EmptyState } from '@/components/ui/states'

export interface RunsEmptyStatesProps {
  /** Runs of the range before the list's own filters. */
  rangeRuns: number
  /** Runs passing the list's own filters. */
  listedRuns: number
  /** Whether every run of the range is known: "no runs" is only said then. */
  complete: boolean
  /** The installation has recorded no run at all. */
  noRunsEver: boolean
  /** The range in words ("2026-11-01 to 2026-11-28 (UTC)"). */
  range: string
  toolsSelected: boolean
  /** Clears the list's own filters. */
  onShowAll: () => void
}

/** Why a runs list shows no row: no run ever, none in the range, or none matching its filters. */
export function RunsEmptyStates({
  rangeRuns,
  listedRuns,
  complete,
  noRunsEver,
  range,
  toolsSelected,
  onShowAll,
}: RunsEmptyStatesProps) {
  if (rangeRuns === 0 && complete && noRunsEver) {
    return (
      <EmptyState title="This installation has not recorded any agent runs yet">
        Once agents run, each run appears here with its tool calls by outcome; open one for its
        timeline.
      </EmptyState>
    )
  }
  if (rangeRuns === 0 && complete) {
    return (
      <EmptyState title="No runs in this range">
        Runs with a step between {range}
        {toolsSelected ? ' calling one of the selected tools' : ''} would appear here, one row per
        run. Try a longer range or all tools.
      </EmptyState>
    )
  }
  if (rangeRuns > 0 && listedRuns === 0) {
    return (
      <EmptyState title="No run matches these filters">
        Runs of this range matching the outcome, configuration and status above would appear here.{' '}
        <button type="button" onClick={onShowAll}>
          Show all runs of the range
        </button>
      </EmptyState>
    )
  }
  return null
}
