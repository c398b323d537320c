import type { KNOWN_RUN_STATUSES } from '../contract'
import type { OutcomeKey } from '../outcome'
import type { EffectSummary, Side } from './effect-summary'

/** One call of one tool in a run, with its side when it is counted (null when not). */
export interface ToolCall {
  round: number
  outcome: OutcomeKey
  side: Side | null
}

interface Round {
  calls: number
  successes: number
  /** Sides of the round's `arguments` refusals, in step order (null: not counted). */
  argumentRefusals: (Side | null)[]
  turnRefusals: (Side | null)[]
}

/** Run statuses of a run that has not ended: its refusals are not "not recovered" yet. */
const OPEN_STATUSES: ReadonlySet<string> = new Set<(typeof KNOWN_RUN_STATUSES)[number]>([
  'queued',
  'running',
  'waiting_for_approval',
  'waiting_for_input',
])

const bump = (counts: Record<string, number>, key: string) => {
  counts[key] = (counts[key] ?? 0) + 1
}

/**
 * Adds the recovery of one tool's refusals in one run (all its calls of that tool, counted or
 * not) into `result`, for the counted refusals only. An `arguments` refusal in round r is
 * recovered by a successful call of the same tool in a later round R (corrective rounds R − r;
 * R = r + 1 is "next round"). The refusals of one round share the successes one to one, in
 * order — two refused calls and one success in the next round recover one; refusals of
 * different rounds do not compete, so a refused re-send and the refusal it corrects both recover
 * with the success that ends the chain. A `turn` refusal counts as sent again when the next
 * round holds a call of that tool (again one to one). No calls add nothing.
 */
export function analyseRecovery(
  calls: readonly ToolCall[],
  status: string,
  result: EffectSummary,
): void {
  if (!calls.some((c) => c.side !== null && c.outcome.startsWith('refused:'))) return
  const rounds = new Map<number, Round>()
  for (const call of calls) {
    let round = rounds.get(call.round)
    if (round === undefined) {
      round = { calls: 0, successes: 0, argumentRefusals: [], turnRefusals: [] }
      rounds.set(call.round, round)
    }
    round.calls++
    if (call.outcome === 'succeeded') round.successes++
    else if (call.outcome === 'refused:arguments') round.argumentRefusals.push(call.side)
    else if (call.outcome === 'refused:turn') round.turnRefusals.push(call.side)
  }
  const order = [...rounds.keys()].sort((a, b) => a - b)
  order.forEach((r, i) => {
    const here = rounds.get(r)
    if (here === undefined) return
    let pending = here.argumentRefusals
    for (const side of pending) if (side !== null) result[side].recovery.refusals++
    for (let j = i + 1; j < order.length && pending.length > 0; j++) {
      const R = order[j] ?? r
      const take = Math.min(rounds.get(R)?.successes ?? 0, pending.length)
      for (const side of pending.slice(0, take)) {
        if (side === null) continue
        const recovery = result[side].recovery
        if (R === r + 1) recovery.nextRound++
        else recovery.later++
        bump(recovery.correctiveRounds, String(R - r))
      }
      pending = pending.slice(take)
    }
    const calledAgain = i + 1 < order.length
    for (const side of pending) {
      if (side === null) continue
      const recovery = result[side].recovery
      // A run still going may yet correct the call: not "not recovered" (the run has not ended).
      if (OPEN_STATUSES.has(status)) {
        recovery.stillOpen++
        continue
      }
      recovery.notRecovered++
      if (!calledAgain) recovery.neverCalledAgain++
      bump(recovery.notRecoveredByStatus, status)
    }
    const resent = rounds.get(r + 1)?.calls ?? 0
    here.turnRefusals.forEach((side, k) => {
      if (side === null) return
      result[side].turn.notRun++
      if (k < resent) result[side].turn.resentNextRound++
    })
  })
}
