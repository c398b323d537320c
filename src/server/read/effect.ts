import { foldEffect, type EffectRun, type EffectSummary } from '@/domain/effect'
import type { Step } from '@/domain/contract'
import type { Database } from '../db/database'
import type { EffectPlan } from '../view/fold-effect-groups'
import { streamSteps } from './events'

/** Runs folded at once: whole runs are held until then. */
const RUNS_PER_FOLD = 200

/**
 * The effect of a plan (`foldEffectGroups`): what the view counted, with the runs it left to be
 * read folded from their steps, read now (as `/runs` reads them), by the browser's own fold.
 */
export async function effectOf(db: Database, plan: EffectPlan): Promise<EffectSummary> {
  let summary = plan.counted
  let batch: EffectRun[] = []
  let steps: Step[] = []
  let index = 0
  for await (const piece of streamSteps(
    db,
    plan.read.map((run) => run.uid),
  )) {
    for (const step of piece.steps) steps.push(step)
    if (piece.unreadable === null) continue
    const status = plan.read[index]?.status ?? ''
    batch.push({ status, steps, unreadableSteps: piece.unreadable })
    index += 1
    steps = []
    if (batch.length >= RUNS_PER_FOLD) {
      summary = foldEffect(summary, batch, plan.scope)
      batch = []
    }
  }
  return foldEffect(summary, batch, plan.scope)
}
