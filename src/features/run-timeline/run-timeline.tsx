import { useMemo, useRef } from 'react'
import type { Meta, Run } from '@/domain/contract'
import { groupRounds, isRunGoing, runStatusInSentence, stepAnchorIds } from '@/domain/runs'
import { EmptyState } from '@/components/ui/states'
import { RoundSection } from './round-section'
import { RunHeader } from './run-header'
import { RunTimeBars } from './run-time-bars'
import { UnreadableSteps } from './unreadable-steps'
import { useRoundKeys } from './use-round-keys'
import { WindowedRounds } from './windowed-rounds'
import './run-timeline.css'

export interface RunTimelineProps {
  run: Run
  meta: Pick<Meta, 'argumentCheckSince'> & {
    privacyLevel: Meta['privacyLevel'] | null
    /** The decision date came from `since=` in the link, not from `/meta`. */
    decisionFromLink?: boolean
  }
  zone: string
  /** Loads the run again (for a run that is still going). */
  onReload: () => void
}

/**
 * From this many steps on, the timeline is windowed (decisions 0019 and 0020): only the rounds
 * near the view are rendered. Smaller runs render every round, as they always have.
 */
export const WINDOWED_FROM_STEPS = 2_000

const PENDING: Record<string, string> = {
  queued: 'This run is queued and has not started its loop yet.',
  running: 'This run is still running: the timeline shows the steps recorded so far.',
  waiting_for_approval:
    'This run is waiting for approval: an editor has not yet decided on its approval card.',
  waiting_for_input:
    'This run is waiting for input: it asked the user a question that has not been answered yet.',
}

/** What the installation keeps, by its privacy level; never a level it did not name. */
function keptText(level: string | null): string {
  if (level === null) return "The installation's privacy level could not be read."
  if (level === 'metadata')
    return 'This installation keeps run metadata only (privacy level: metadata).'
  if (level === 'full') {
    return 'This installation keeps the texts too (privacy level: full); they are not read here.'
  }
  return `This installation keeps runs at the privacy level "${level}".`
}

/** One run, round by round, with keyboard movement between rounds. */
export function RunTimeline({ run, meta, zone, onReload }: RunTimelineProps) {
  const groups = useMemo(() => groupRounds(run), [run])
  const anchors = useMemo(() => stepAnchorIds(run.steps), [run])
  const container = useRef<HTMLDivElement>(null)
  useRoundKeys(container)
  const rounds = groups.filter((g) => g.round > 0).length
  const toolCalls = run.steps.filter((s) => s.kind === 'tool').length
  const unreadableCalls = (run.unreadableSteps ?? []).filter(
    (s) => !s.listed && s.kind === 'tool',
  ).length
  const pending = isRunGoing(run)
  return (
    <div className="run-timeline" ref={container}>
      <RunHeader
        run={run}
        meta={meta}
        zone={zone}
        rounds={rounds}
        toolCalls={toolCalls}
        unreadableToolCalls={unreadableCalls}
      />
      <p className="run-timeline__privacy">
        <strong>Metadata only.</strong> {keptText(meta.privacyLevel)} The dashboard reads no prompt,
        answer, argument or result text, so there are no texts to show — only times, kinds,
        durations, tools, outcomes and decisions.
      </p>
      {pending ? (
        <div className="state state--partial" role="status">
          <strong>Not finished ({runStatusInSentence(run.status)})</strong>
          <span>
            {PENDING[run.status] ?? 'This run has not finished: the steps so far are shown.'}
          </span>
          <button type="button" onClick={onReload}>
            Reload run
          </button>
        </div>
      ) : null}
      <UnreadableSteps steps={run.unreadableSteps} zone={zone} />
      <RunTimeBars run={run} groups={groups} zone={zone} />
      <p className="muted run-timeline__keys">
        Keyboard: ↓ or j for the next round, ↑ or k for the previous one, Esc back to the list.
      </p>
      {groups.length === 0 ? (
        <EmptyState title="No steps recorded">
          The steps of this run (model rounds, tool calls, approvals, questions) would appear here,
          grouped by round, once it records any.
        </EmptyState>
      ) : run.steps.length >= WINDOWED_FROM_STEPS ? (
        <WindowedRounds groups={groups} run={run} zone={zone} anchors={anchors} />
      ) : (
        groups.map((group) => (
          <RoundSection key={group.key} group={group} run={run} zone={zone} anchors={anchors} />
        ))
      )}
    </div>
  )
}
