import { z } from '../zod'
import { count, nonEmptyText, text } from './fast-checks'

/** A tool's calls of one outcome (`succeeded`, `failed`, `denied` or `refused:<code>`). */
export const effectCallsSchema = z.object({
  tool: nonEmptyText,
  outcome: z.string().regex(/^(?:succeeded|failed|denied|refused:[\s\S]*)$/),
  calls: count,
})

/** Recovered refusals by corrective rounds (success round − refusal round). */
const roundsCountSchema = z.object({ rounds: z.number().int().min(1), count })
/** Refusals not recovered by the status of their run (any text: a pair, never a key). */
const statusCountSchema = z.object({ status: text, count })

/**
 * One side of the decision date in the optional `GET /effect`: the measures of the overview
 * (`domain/effect/effect-summary.ts`), every text-keyed count as a list of pairs, never an
 * object's keys (a tool or status named `__proto__` stays what it is).
 */
export const effectSideSchema = z.object({
  runs: count,
  runsWithRefusal: count,
  runsWithFailure: count,
  calls: z.array(effectCallsSchema),
  recovery: z.object({
    refusals: count,
    nextRound: count,
    later: count,
    notRecovered: count,
    stillOpen: count,
    neverCalledAgain: count,
    correctiveRounds: z.array(roundsCountSchema),
    notRecoveredByStatus: z.array(statusCountSchema),
  }),
  turn: z.object({ notRun: count, resentNextRound: count }),
  saved: z.object({
    refusedTurns: count,
    approvalCards: count,
    questions: count,
    externalCalls: count,
    refusedOutsideCatalogue: count,
  }),
  unreadableToolSteps: count,
})

/** The answer of the optional `GET /effect` (decision 0027). */
export const effectResponseSchema = z.object({
  runs: count,
  before: effectSideSchema,
  after: effectSideSchema,
})

export type EffectSideWire = z.infer<typeof effectSideSchema>
export type EffectResponse = z.infer<typeof effectResponseSchema>
