import type { Step } from '../contract'

/** Steps that open a round before its request: the context check, dropped sources, a dry run. */
const OPENING: ReadonlySet<string> = new Set(['context', 'dropped', 'assembled'])

/**
 * Where each attempt of a run begins: indices into `steps` (in `sequence` order), the first 0.
 * A requeued run starts again at round 1 while its sequence goes on (`docs/reference/cms-rows.md`),
 * so an attempt begins at a `request` whose round is not above an earlier request's of the
 * current attempt — unless an approval or input came after that request (a resumed turn the CMS
 * continues without tools, at round 1) — together with the opening steps right before it. At
 * most `attempts − 1` boundaries are found (the run row says how many attempts there were); one
 * attempt, or none said, gives `[0]`. No steps give `[]`.
 */
export function attemptStarts(
  steps: readonly Pick<Step, 'kind' | 'round'>[],
  attempts: number | undefined,
): number[] {
  if (steps.length === 0) return []
  const starts = [0]
  const wanted = attempts ?? 1
  let highest = 0
  let resumed = false
  for (let i = 0; i < steps.length && starts.length < wanted; i += 1) {
    const step = steps[i]
    if (step === undefined) continue
    if (step.kind === 'approval' || step.kind === 'input') resumed = true
    if (step.kind !== 'request' || step.round < 1) continue
    if (step.round <= highest && !resumed) {
      let first = i
      const floor = (starts.at(-1) ?? 0) + 1
      while (first > floor && OPENING.has(steps[first - 1]?.kind ?? '')) first -= 1
      starts.push(first)
      highest = 0
    }
    highest = Math.max(highest, step.round)
    resumed = false
  }
  return starts
}
