import { OUTCOME_SERIES } from '@/components/charts'
import { formatCount } from '@/components/ui/format-count'
import { anchorOf, formatDuration, stepStart, type RoundGroup } from '@/domain/runs'
import { outcomeOf, refusalCodeOf } from '@/domain/outcome'
import type { Step } from '@/domain/contract'

const colour = (key: string) => OUTCOME_SERIES.find((s) => s.key === key)?.color ?? 'gray'

function barColour(step: Step): string {
  if (step.kind !== 'tool') return 'var(--muted)'
  const outcome = outcomeOf(step)
  const code = refusalCodeOf(outcome)
  if (code === 'arguments') return colour('refusedArguments')
  if (code === 'turn') return colour('refusedTurn')
  if (code !== null) return colour('refusedOther')
  return colour(outcome)
}

/**
 * The round's steps as a waterfall: each bar ends when its step was recorded (the end of its
 * work) and is as long as it took, on the round's own time scale. The step table beside it holds the same times and
 * durations as text, so the bars are hidden from assistive technology.
 */
export function RoundWaterfall({
  group,
  anchors,
  shown,
}: {
  group: RoundGroup
  anchors: ReadonlyMap<Step, string>
  /** `group` holds one page of the round's steps: which ones (1-based) of how many. */
  shown?: { first: number; last: number; total: number } | undefined
}) {
  const span = group.endMs - group.startMs
  if (!Number.isFinite(span) || group.steps.length === 0) return null
  const scale = Math.max(span, 1)
  return (
    <figure className="waterfall">
      <figcaption className="muted">
        {shown
          ? `Waterfall of steps ${formatCount(shown.first)}–${formatCount(shown.last)} of the round's ${formatCount(shown.total)}, over `
          : `Waterfall of the round: ${formatCount(group.steps.length)} step${group.steps.length === 1 ? '' : 's'} over `}
        {formatDuration(span)}
      </figcaption>
      <div className="waterfall__rows" aria-hidden="true">
        {group.steps.map((step) => {
          const left = ((stepStart(step) - group.startMs) / scale) * 100
          const width = Math.max((step.durationMs / scale) * 100, 0.4)
          return (
            <div key={anchorOf(anchors, step)} className="waterfall__row">
              <span className="waterfall__label truncate" title={step.toolName ?? step.kind}>
                {step.toolName ?? step.kind}
              </span>
              <span className="waterfall__track">
                <span
                  className="waterfall__bar"
                  title={`${step.toolName ?? step.kind}: ${formatDuration(step.durationMs)}`}
                  style={{
                    left: `${Math.min(left, 99.6)}%`,
                    width: `${Math.min(width, 100 - Math.min(left, 99.6))}%`,
                    background: barColour(step),
                  }}
                />
              </span>
            </div>
          )
        })}
      </div>
    </figure>
  )
}
