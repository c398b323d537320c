import type { Run, Step } from '../contract'
import { stepEnd, stepStart, type RoundGroup } from './rounds'

/** What a stretch of a round's time was spent on. */
export type SpanKind = 'model' | 'tool' | 'approval' | 'input' | 'other'

/** A stretch of wall-clock time, `[startMs, endMs)` in epoch ms. */
export interface TimeSpan {
  kind: SpanKind
  startMs: number
  endMs: number
}

/** One round in the run's time: where it sits, what its steps spent, and its waits. */
export interface RoundTime {
  round: number
  /** The round's attempt, and how many the run has (`RoundGroup`). */
  attempt: number
  attempts: number
  /** The round's section id (`RoundGroup.key`). */
  key: string
  startMs: number
  endMs: number
  spans: TimeSpan[]
  /** Time spent waiting for a person in the round, by kind; 0 when none. */
  approvalWaitMs: number
  inputWaitMs: number
  /** Time from the previous round's end to this round's start (0 for the first). */
  gapBeforeMs: number
}

/** The whole run on one clock: its span and its rounds in order. */
export interface RunTimePicture {
  startMs: number
  endMs: number
  rounds: RoundTime[]
}

const KIND: Readonly<Record<string, SpanKind>> = {
  llm: 'model',
  tool: 'tool',
  approval: 'approval',
  input: 'input',
}

/**
 * A step as a stretch of time: its work, which ended when it was recorded. A person's decision
 * (an approval, an answer) takes no time of its own: its stretch is the wait for it, from the
 * step before it in the round (the turn's answer) to the decision.
 */
function spansOf(steps: readonly Step[]): TimeSpan[] {
  return steps.map((step, i) => {
    const kind = KIND[step.kind] ?? 'other'
    const endMs = stepEnd(step)
    const before = steps[i - 1]
    const waited = (kind === 'approval' || kind === 'input') && before !== undefined
    const startMs = waited ? Math.min(endMs, stepEnd(before)) : stepStart(step)
    return { kind, startMs, endMs }
  })
}

/**
 * The run's rounds on one wall clock, for a picture of the whole run: each round's span, its
 * steps as spans by kind (each ending when it was recorded), its waits for an approval or an
 * answer, and the gap before it. Round 0
 * (steps outside a round) and steps with unreadable times are left out; the run spans its
 * `startedAt` to its `finishedAt` (or, unfinished, its last step's end). Null when no round has
 * a readable time.
 */
export function runTimePicture(
  run: Pick<Run, 'startedAt' | 'finishedAt'>,
  groups: readonly RoundGroup[],
): RunTimePicture | null {
  const rounds: RoundTime[] = []
  let previousEnd = Number.NaN
  for (const group of groups) {
    if (group.round === 0) continue
    const spans = spansOf(group.steps).filter(
      (s) => Number.isFinite(s.startMs) && Number.isFinite(s.endMs),
    )
    if (spans.length === 0) continue
    // A loop, not Math.min(...): a round may hold hundreds of thousands of steps.
    const startMs = spans.reduce((min, s) => Math.min(min, s.startMs), Infinity)
    const endMs = spans.reduce((max, s) => Math.max(max, s.endMs), -Infinity)
    const waitOf = (kind: SpanKind) =>
      spans.filter((s) => s.kind === kind).reduce((sum, s) => sum + (s.endMs - s.startMs), 0)
    rounds.push({
      round: group.round,
      attempt: group.attempt,
      attempts: group.attempts,
      key: group.key,
      startMs,
      endMs,
      spans,
      approvalWaitMs: waitOf('approval'),
      inputWaitMs: waitOf('input'),
      gapBeforeMs: Number.isFinite(previousEnd) ? Math.max(0, startMs - previousEnd) : 0,
    })
    previousEnd = endMs
  }
  if (rounds.length === 0) return null
  const first = rounds.reduce((min, r) => Math.min(min, r.startMs), Infinity)
  const last = rounds.reduce((max, r) => Math.max(max, r.endMs), -Infinity)
  const started = Date.parse(run.startedAt)
  const finished = run.finishedAt === null ? Number.NaN : Date.parse(run.finishedAt)
  return {
    startMs: Number.isFinite(started) ? Math.min(started, first) : first,
    endMs: Number.isFinite(finished) ? Math.max(finished, last) : last,
    rounds,
  }
}
