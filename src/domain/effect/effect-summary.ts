import { addCounts, addNested, copyCounts, copyNested, emptyRecord } from '../summary/records'
import type { Counts } from '../summary'

/** What became of the `arguments` refusals counted on one side of the decision date. */
export interface RecoveryCounts {
  /** Counted `arguments` refusals. */
  refusals: number
  /** Recovered by a successful call of the same tool in the very next round. */
  nextRound: number
  /** Recovered by a successful call of the same tool in a later round. */
  later: number
  /**
   * Never followed by a successful call of that tool in the same run, which has ended (completed,
   * failed, cancelled, or a status the contract does not name).
   */
  notRecovered: number
  /** Not followed by a successful call yet, in a run still going (queued, running, waiting). */
  stillOpen: number
  /** Of the not recovered: the run never called that tool again. */
  neverCalledAgain: number
  /** Corrective rounds (success round − refusal round, as a string key) → recovered refusals. */
  correctiveRounds: Counts
  /** Run status → refusals not recovered (the run ended, failed or was cancelled first). */
  notRecoveredByStatus: Counts
}

/** The `turn` refusals ("not run") of one side, and how many were sent again in the next round. */
export interface TurnResend {
  notRun: number
  resentNextRound: number
}

/** What the check spared, from the `/tools` catalogue's flags. */
export interface Savings {
  /** Turns (a run's round) the check refused: `arguments` or `turn` refusals. */
  refusedTurns: number
  /** Refused turns holding an approval-bound call: one approval card each, not raised. */
  approvalCards: number
  /** Refused turns holding an input-bound call: one question each, not asked. */
  questions: number
  /** Refused calls of MCP tools: external calls not charged to the run's budget. */
  externalCalls: number
  /** Refused calls of tools the catalogue does not list (flags unknown, not counted above). */
  refusedOutsideCatalogue: number
}

/** Everything counted on one side of the decision date. Plain data. */
export interface EffectSide {
  /** Runs with at least one counted call on this side. */
  runs: number
  runsWithRefusal: number
  runsWithFailure: number
  /** Tool name → outcome key → counted calls. */
  byTool: Record<string, Counts>
  recovery: RecoveryCounts
  turn: TurnResend
  saved: Savings
  /**
   * Tool calls on this side that could not be counted: steps the installation could not read and
   * did not list (the tool summary's rule, `unreadableCallTimeIn`). The counts may be low by this.
   */
  unreadableToolSteps: number
}

/**
 * The overview's one mergeable summary: the runs of both windows folded page by page. Plain JSON
 * (prototype-free records, no zero-only entries needed) so it can be cached, merged and tested.
 */
export interface EffectSummary {
  /** Runs folded in, whether or not they held a counted call. */
  runs: number
  before: EffectSide
  after: EffectSide
}

export type Side = 'before' | 'after'

/** The side of nothing: all zeros. */
export function emptySide(): EffectSide {
  return {
    runs: 0,
    runsWithRefusal: 0,
    runsWithFailure: 0,
    byTool: emptyRecord<Counts>(),
    recovery: {
      refusals: 0,
      nextRound: 0,
      later: 0,
      notRecovered: 0,
      stillOpen: 0,
      neverCalledAgain: 0,
      correctiveRounds: emptyRecord<number>(),
      notRecoveredByStatus: emptyRecord<number>(),
    },
    turn: { notRun: 0, resentNextRound: 0 },
    saved: {
      refusedTurns: 0,
      approvalCards: 0,
      questions: 0,
      externalCalls: 0,
      refusedOutsideCatalogue: 0,
    },
    unreadableToolSteps: 0,
  }
}

/** The summary of no runs: the identity of {@link mergeEffectSummaries}. */
export function emptyEffectSummary(): EffectSummary {
  return { runs: 0, before: emptySide(), after: emptySide() }
}

/** A deep, prototype-free copy of a side (safe to mutate; normalises one parsed from JSON). */
export function copySide(side: EffectSide): EffectSide {
  return {
    ...side,
    byTool: copyNested(side.byTool),
    recovery: {
      ...side.recovery,
      correctiveRounds: copyCounts(side.recovery.correctiveRounds),
      notRecoveredByStatus: copyCounts(side.recovery.notRecoveredByStatus),
    },
    turn: { ...side.turn },
    saved: { ...side.saved },
  }
}

/** Adds side `b` into `target` (mutates `target`, which the caller owns). */
function addSide(target: EffectSide, b: EffectSide): void {
  target.runs += b.runs
  target.runsWithRefusal += b.runsWithRefusal
  target.runsWithFailure += b.runsWithFailure
  target.unreadableToolSteps += b.unreadableToolSteps
  addNested(target.byTool, b.byTool)
  const r = target.recovery
  r.refusals += b.recovery.refusals
  r.nextRound += b.recovery.nextRound
  r.later += b.recovery.later
  r.notRecovered += b.recovery.notRecovered
  r.stillOpen += b.recovery.stillOpen
  r.neverCalledAgain += b.recovery.neverCalledAgain
  addCounts(r.correctiveRounds, b.recovery.correctiveRounds)
  addCounts(r.notRecoveredByStatus, b.recovery.notRecoveredByStatus)
  target.turn.notRun += b.turn.notRun
  target.turn.resentNextRound += b.turn.resentNextRound
  for (const key of Object.keys(target.saved) as (keyof Savings)[]) {
    target.saved[key] += b.saved[key]
  }
}

/**
 * Both inputs' runs together (inputs untouched). Associative and commutative with
 * {@link emptyEffectSummary} as identity, so pages may be folded in any split and order. Both
 * must come from the same effect scope.
 */
export function mergeEffectSummaries(a: EffectSummary, b: EffectSummary): EffectSummary {
  const merged = copyEffectSummary(a)
  merged.runs += b.runs
  addSide(merged.before, b.before)
  addSide(merged.after, b.after)
  return merged
}

/** A deep, prototype-free copy. */
export function copyEffectSummary(summary: EffectSummary): EffectSummary {
  return {
    runs: summary.runs,
    before: copySide(summary.before),
    after: copySide(summary.after),
  }
}
