import type { Step } from '../contract'

/**
 * The element id of each step of a run, unique on the page: `step-<sequence>`, and
 * `step-<sequence>-<n>` for the nth step (2, 3, …) that repeats a sequence number. Repeats
 * break the contract, but the timeline still shows every step, so each row needs its own id
 * (a link to a repeat lands on it, not on the first) and its own React key. Sequence numbers
 * are whole numbers, so no plain id can equal a repeat's.
 */
export function stepAnchorIds(steps: readonly Step[]): Map<Step, string> {
  const seen = new Map<number, number>()
  const ids = new Map<Step, string>()
  for (const step of steps) {
    const n = (seen.get(step.sequence) ?? 0) + 1
    seen.set(step.sequence, n)
    ids.set(step, n === 1 ? `step-${step.sequence}` : `step-${step.sequence}-${n}`)
  }
  return ids
}

/** The id {@link stepAnchorIds} gave `step`, or its plain id for a step it did not see. */
export function anchorOf(anchors: ReadonlyMap<Step, string>, step: Step): string {
  return anchors.get(step) ?? `step-${step.sequence}`
}
