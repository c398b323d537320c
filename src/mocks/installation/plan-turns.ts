import type { Configuration } from './configurations'
import { toolIndex } from './catalogue'
import { chance, pickFrom, weightedTable, type Rng } from './prng'

const ASK_CHOICE = toolIndex('ask_choice')
const TURN_SIZES = weightedTable([
  [1, 70],
  [2, 21],
  [3, 9],
])

/**
 * Splits `calls` tool calls into turns (1–3 calls share a round): early turns look around,
 * later ones act. Returns exactly `calls` calls in total; no calls → no turns.
 */
export function planTurns(rng: Rng, configuration: Configuration, calls: number): number[][] {
  const turns: number[][] = []
  const expectedTurns = Math.max(1, calls / 1.4)
  let left = calls
  while (left > 0) {
    if (chance(rng, configuration.askRate)) {
      turns.push([ASK_CHOICE])
      left -= 1
      continue
    }
    const progress = turns.length / expectedTurns
    const lateShare = Math.min(0.95, configuration.writeShare * (0.35 + 1.4 * progress))
    const size = Math.min(left, pickFrom(rng, TURN_SIZES))
    const turn: number[] = []
    for (let i = 0; i < size; i += 1) {
      const pool = chance(rng, lateShare) ? configuration.late : configuration.early
      turn.push(pickFrom(rng, pool))
    }
    turns.push(turn)
    left -= size
  }
  return turns
}
