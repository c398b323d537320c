import type { EffectResponse, EffectSideWire } from '../contract'
import type { OutcomeKey } from '../outcome'
import { emptyRecord, type Counts } from '../summary/records'
import { emptySide, type EffectSide, type EffectSummary } from './effect-summary'

function sideToWire(side: EffectSide): EffectSideWire {
  const calls = Object.entries(side.byTool).flatMap(([tool, counts]) =>
    Object.entries(counts).map(([outcome, n]) => ({ tool, outcome, calls: n })),
  )
  return {
    runs: side.runs,
    runsWithRefusal: side.runsWithRefusal,
    runsWithFailure: side.runsWithFailure,
    calls,
    recovery: {
      ...side.recovery,
      correctiveRounds: Object.entries(side.recovery.correctiveRounds).map(([rounds, n]) => ({
        rounds: Number(rounds),
        count: n,
      })),
      notRecoveredByStatus: Object.entries(side.recovery.notRecoveredByStatus).map(
        ([status, n]) => ({ status, count: n }),
      ),
    },
    turn: { ...side.turn },
    saved: { ...side.saved },
    unreadableToolSteps: side.unreadableToolSteps,
  }
}

const counted = (entries: readonly { key: string; count: number }[]): Counts => {
  const counts = emptyRecord<number>()
  for (const { key, count } of entries) if (count > 0) counts[key] = (counts[key] ?? 0) + count
  return counts
}

function sideFromWire(wire: EffectSideWire): EffectSide {
  const side = emptySide()
  for (const { tool, outcome, calls } of wire.calls) {
    if (calls === 0) continue
    const counts = (side.byTool[tool] ??= emptyRecord<number>())
    counts[outcome as OutcomeKey] = (counts[outcome as OutcomeKey] ?? 0) + calls
  }
  const { correctiveRounds, notRecoveredByStatus, ...recovery } = wire.recovery
  return {
    ...side,
    runs: wire.runs,
    runsWithRefusal: wire.runsWithRefusal,
    runsWithFailure: wire.runsWithFailure,
    recovery: {
      ...recovery,
      correctiveRounds: counted(
        correctiveRounds.map((p) => ({ key: String(p.rounds), count: p.count })),
      ),
      notRecoveredByStatus: counted(
        notRecoveredByStatus.map((p) => ({ key: String(p.status), count: p.count })),
      ),
    },
    turn: { ...wire.turn },
    saved: { ...wire.saved },
    unreadableToolSteps: wire.unreadableToolSteps,
  }
}

/** An effect summary as `GET /effect` sends it: text-keyed counts as lists of pairs. */
export function effectToWire(summary: EffectSummary): EffectResponse {
  return {
    runs: summary.runs,
    before: sideToWire(summary.before),
    after: sideToWire(summary.after),
  }
}

/** The effect summary of a `GET /effect` answer (already checked by its schema). */
export function effectFromWire(wire: EffectResponse): EffectSummary {
  return { runs: wire.runs, before: sideFromWire(wire.before), after: sideFromWire(wire.after) }
}
