import type { Run, Step } from '../contract'
import { outcomeOf, type OutcomeKey } from '../outcome'

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
  /** Whether any round follows this one (with tool calls or not). */
  laterRounds: boolean
  /** Every call of the turn, in order, with its re-sent counterpart. */
  resent: ResentCall[]
}

/** The steps of one round of the loop (round 0: steps outside a round). */
export interface RoundGroup {
  round: number
  /** In `sequence` order. */
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

const stepEnd = (step: Step) => Date.parse(step.occurredAt) + step.durationMs

/**
 * A run's steps grouped by round, rounds ascending (round 0 first), steps in `sequence` order.
 * A round whose tool calls were refused gets a {@link RefusedTurn} naming the next round that
 * holds tool calls and, per call, the first unused call of the same tool there. No steps give
 * no rounds.
 */
export function groupRounds(run: Pick<Run, 'steps'>): RoundGroup[] {
  const byRound = new Map<number, Step[]>()
  for (const step of [...run.steps].sort((a, b) => a.sequence - b.sequence)) {
    const list = byRound.get(step.round)
    if (list) list.push(step)
    else byRound.set(step.round, [step])
  }
  const groups: RoundGroup[] = [...byRound.entries()]
    .sort(([a], [b]) => a - b)
    .map(([round, steps]) => {
      // A loop, not Math.min(...list): a spread of a very long round overflows the stack.
      let startMs = Number.POSITIVE_INFINITY
      let endMs = Number.NEGATIVE_INFINITY
      for (const s of steps) {
        startMs = Math.min(startMs, Date.parse(s.occurredAt))
        endMs = Math.max(endMs, stepEnd(s))
      }
      return {
        round,
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
    nextWithCalls[i] = next
    const group = groups[i]
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
      // Rounds are ascending and distinct, so any later group is a later round.
      laterRounds: index < groups.length - 1,
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
