import { TurnTaker } from '../turns'
import { inSlices } from './in-slices'
import type { GroupIds, GroupKey, StepStore } from './step-store'

/** The number of bits set in a 32-bit integer. */
function bitsSet(value: number): number {
  let v = value - ((value >>> 1) & 0x55555555)
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333)
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24
}

/**
 * Whether `/runs` lists a step of this key: a tool step only when its name and outcome can be
 * read, every other step (its own columns checked apart, in its round).
 */
export const listsStep = (key: GroupKey): boolean =>
  key.kind !== 'tool' || (key.toolName !== null && key.outcome !== null)

/**
 * Each run's rounds as the runs list shows them (`domain/runs/run-row.ts`): the distinct rounds
 * above 0 among all the steps `/runs` lists of it — a tool step only when its name and outcome
 * can be read (its key says so), every other step when its own columns are valid (the group's
 * bits say so). By run number; a run without such steps has 0.
 */
export async function foldRunRounds(
  stores: readonly StepStore[],
  ids: GroupIds,
  turns: TurnTaker = new TurnTaker(),
): Promise<Int32Array> {
  const listed = Uint8Array.from(ids.keys, (key) => (listsStep(key) ? 1 : 0))
  const bits = new Int32Array(ids.runUids.length)
  const high = new Map<number, Set<number>>()
  const columns = stores.map((store) => store.columns)
  await inSlices(columns, turns, ({ runs, keys, rounds }, start, stop) => {
    for (let i = start; i < stop; i += 1) {
      if (listed[keys[i] as number] !== 1) continue
      const run = runs[i] as number
      const value = rounds[i] as number
      if (value >= 0) {
        bits[run] = (bits[run] as number) | value
        continue
      }
      let seen = high.get(run)
      if (seen === undefined) high.set(run, (seen = new Set()))
      seen.add(-value)
    }
  })
  const counts = new Int32Array(bits.length)
  for (let run = 0; run < bits.length; run += 1) {
    counts[run] = bitsSet(bits[run] as number) + (high.get(run)?.size ?? 0)
  }
  return counts
}
