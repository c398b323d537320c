import type { Run, Step } from '../contract'
import { outcomeOf, type OutcomeKey } from '../outcome'
import { attemptStarts } from './attempts'

/** A refused call (or not-run sibling) and where the model sent it again. */
export interface ResentCall {
  refused: Step
  /** The same tool's call in the next round with tool calls; null when it was not re-sent. */
  resentAs: Step | null
}

/**
 * A turn the argument check refused (a call refused with `arguments` or `turn`): nothing of it
 * ran. A refusal under another code (a remote server's `budget`) does not stop its siblings.
 */
export interface RefusedTurn {
  /** Calls refused for their own arguments (or any code other than `turn`). */
  refused: Step[]
  /** Siblings that did not run because another call of the turn was refused (`turn`). */
  notRun: Step[]
  /** The next round holding tool calls (the re-sent turn); null when the run has none. */
  nextRound: number | null
  /** That round's {@link RoundGroup.key}; null with it. */
  nextKey: string | null
  /** Whether any round follows this one (with tool calls or not). */
  laterRounds: boolean
  /** Every call of the turn, in order, with its re-sent counterpart. */
  resent: ResentCall[]
}

/** The steps of one round of the loop (round 0: steps outside a round). */
export interface RoundGroup {
  /** Which attempt of the run (1, 2, …; `attemptStarts`) the round belongs to. */
  attempt: number
  /** How many attempts the run's rounds fall into (1 for a run started once). */
  attempts: number
  round: number
  /** Unique in the run: `round-3`, or `attempt-2-round-3` in a run of several attempts. */
  key: string
  /**
   * In `sequence` order. An approval or input step (recorded at round 0, when a person decided)
   * sits in the round of the turn it decided: the last round before it in its attempt.
   */
  steps: Step[]
  /** Epoch ms of the first step's start and the last step's end; NaN when times are bad. */
  startMs: number
  endMs: number
  /** Tool steps by outcome rule. */
  outcomes: OutcomeKey[]
  refusedTurn: RefusedTurn | null
  /** Approval decisions of the round, in order (false: declined; null: not recorded). */
  approvals: (boolean | null)[]
  /** Input steps (questions answered) in the round. */
  inputs: number
}

/**
 * A step's time: the CMS records a step when its work ended (`occurredAt`), so it ran for its
 * duration up to then.
 */
export const stepStart = (step: Pick<Step, 'occurredAt' | 'durationMs'>): number =>
  Date.parse(step.occurredAt) - step.durationMs
export const stepEnd = (step: Pick<Step, 'occurredAt'>): number => Date.parse(step.occurredAt)

/** From the first step's start to the last step's end (epoch ms); NaN when times are bad. */
export function timeSpan(steps: readonly Pick<Step, 'occurredAt' | 'durationMs'>[]): {
  startMs: number
  endMs: number
} {
  // A loop, not Math.min(...list): a spread of a very long round overflows the stack.
  let startMs = Number.POSITIVE_INFINITY
  let endMs = Number.NEGATIVE_INFINITY
  for (const s of steps) {
    startMs = Math.min(startMs, stepStart(s))
    endMs = Math.max(endMs, stepEnd(s))
  }
  return { startMs, endMs }
}

/** The element id of a round's section. */
export const roundKey = (attempt: number, attempts: number, round: number): string =>
  attempts > 1 ? `attempt-${attempt}-round-${round}` : `round-${round}`

/** Which kinds of step a person's decision records, at round 0, after the turn it decided. */
const DECISIONS: ReadonlySet<string> = new Set(['approval', 'input'])

/**
 * A run's steps grouped by attempt (`attemptStarts`, when `attempts` says there were several)
 * and round, rounds ascending in each attempt (round 0 first), steps in `sequence` order. An
 * approval or input sits in the round of the turn it decided. A round whose tool calls were
 * refused gets a {@link RefusedTurn} naming the next round of its attempt that holds tool calls
 * and, per call, the first unused call of the same tool there. No steps give no rounds.
 */
export function groupRounds(run: Pick<Run, 'steps' | 'attempts'>): RoundGroup[] {
  const sorted = [...run.steps].sort((a, b) => a.sequence - b.sequence)
  const starts = attemptStarts(sorted, run.attempts)
  const attempts = Math.max(1, starts.length)
  const byKey = new Map<string, { attempt: number; round: number; steps: Step[] }>()
  let attempt = 0
  let lastRound = 0
  sorted.forEach((step, index) => {
    if (starts[attempt] === index) {
      attempt += 1
      lastRound = 0
    }
    const decides = DECISIONS.has(step.kind) && step.round === 0 && lastRound > 0
    const round = decides ? lastRound : step.round
    if (step.round > 0) lastRound = step.round
    const key = roundKey(attempt, attempts, round)
    const group = byKey.get(key)
    if (group) group.steps.push(step)
    else byKey.set(key, { attempt, round, steps: [step] })
  })
  const groups: RoundGroup[] = [...byKey.entries()]
    .sort(([, a], [, b]) => a.attempt - b.attempt || a.round - b.round)
    .map(([key, { attempt: of, round, steps }]) => {
      const { startMs, endMs } = timeSpan(steps)
      return {
        attempt: of,
        attempts,
        round,
        key,
        steps,
        startMs,
        endMs,
        outcomes: steps.filter((s) => s.kind === 'tool').map(outcomeOf),
        refusedTurn: null,
        approvals: steps
          .filter((s) => s.kind === 'approval')
          .map((s) => (typeof s.approved === 'boolean' ? s.approved : null)),
        inputs: steps.filter((s) => s.kind === 'input').length,
      }
    })
  // The next round holding tool calls, for each group, from one backward pass: a search (and a
  // copy of the rest) per refused round is quadratic, and hangs a run of 100,000 rounds.
  const nextWithCalls: (RoundGroup | undefined)[] = []
  for (let i = groups.length - 1, next: RoundGroup | undefined; i >= 0; i--) {
    const group = groups[i]
    if (next !== undefined && group !== undefined && next.attempt !== group.attempt)
      next = undefined
    nextWithCalls[i] = next
    if (group && group.round > 0 && group.outcomes.length > 0) next = group
  }
  groups.forEach((group, index) => {
    if (group.round === 0) return
    const calls = group.steps.filter((s) => s.kind === 'tool')
    if (!calls.some((s) => s.toolRefusal === 'arguments' || s.toolRefusal === 'turn')) return
    const refusedCalls = calls.filter((s) => typeof s.toolRefusal === 'string')
    const next = nextWithCalls[index]
    const pool = next ? next.steps.filter((s) => s.kind === 'tool') : []
    group.refusedTurn = {
      refused: refusedCalls.filter((s) => s.toolRefusal !== 'turn'),
      notRun: refusedCalls.filter((s) => s.toolRefusal === 'turn'),
      nextRound: next?.round ?? null,
      nextKey: next?.key ?? null,
      // Rounds are ascending and distinct in an attempt, so a later group of it is a later round.
      laterRounds: groups[index + 1]?.attempt === group.attempt,
      resent: calls.map((refused) => {
        const at = pool.findIndex((s) => s.toolName === refused.toolName)
        const resentAs = at === -1 ? null : (pool.splice(at, 1)[0] ?? null)
        return { refused, resentAs }
      }),
    }
  })
  return groups
}

/**
 * Where a run stands against the decision date (the argument check going live): `after` when it
 * started at or after it, `before` when it ended before it, `spans` otherwise — also for a run
 * not finished yet that started before it, once `nowMs` has passed it (it is still going);
 * `unknown` without a decision date or with unparsable times.
 */
export function decisionSide(
  run: Pick<Run, 'startedAt' | 'finishedAt' | 'steps'>,
  decisionAt: string | null,
  nowMs: number = Date.now(),
): 'before' | 'after' | 'spans' | 'unknown' {
  const decision = decisionAt === null ? Number.NaN : Date.parse(decisionAt)
  const start = Date.parse(run.startedAt)
  if (Number.isNaN(decision) || Number.isNaN(start)) return 'unknown'
  if (start >= decision) return 'after'
  const last = run.steps.reduce((max, s) => Math.max(max, stepEnd(s)), start)
  const end = run.finishedAt === null ? Math.max(last, nowMs) : Date.parse(run.finishedAt)
  if (Number.isNaN(end)) return 'unknown'
  return end < decision ? 'before' : 'spans'
}
