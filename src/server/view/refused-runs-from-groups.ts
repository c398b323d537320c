import type { EffectStep } from '@/domain/effect'
import { TurnTaker } from '../turns'
import { inSlices, TURN_CHECK } from './in-slices'
import { Role, type KeyRoles } from './key-roles'
import { BUCKET_SECONDS, ROUNDS_MASK_TOP, type GroupColumns, type GroupKey } from './step-store'

/**
 * Where a quarter hour lies for one effect query: in one window, outside both, or cut by a bound
 * or the decision (its steps' sides differ by second).
 */
export const CallSide = { None: 0, Before: 1, After: 2, Outside: 3, Cut: 4 } as const

/**
 * The tool calls `/runs` would list for each `wanted` run (1 by run slot), rebuilt from the view's
 * groups, when the groups tell them exactly enough for the effect's fold (`foldEffect`): every
 * group of a readable tool step names the rounds of its calls (each round it names holds as many
 * of its steps, `readStepGroups`; steps `/runs` lists with no round make a group naming none),
 * and every such group of the run lies in quarter hours on one side (`sideOf`: both windows' whole quarter hours, or
 * outside them). Then each call gets its round, tool and outcome, and a time inside its quarter
 * hour, on the side its step has; the order of calls within a round cannot change the fold, since
 * all are on one side. A run not rebuilt (missing from the answer) must be read whole.
 */
export async function refusedRunsFromGroups(
  columns: readonly GroupColumns[],
  wanted: Uint8Array,
  sideOf: (bucket: number) => number,
  keys: readonly GroupKey[],
  roles: KeyRoles,
  turns: TurnTaker,
): Promise<Map<number, EffectStep[]>> {
  // One pass over the groups: each wanted run's side, and its groups (by store and index).
  const side = new Uint8Array(wanted.length)
  const foundStore: number[] = []
  const foundAt: number[] = []
  await inSlices(columns, turns, ({ buckets, runs, keys: keyOf, steps, rounds }, start, end, s) => {
    for (let i = start; i < end; i += 1) {
      const run = runs[i] as number
      if (wanted[run] !== 1) continue
      if ((roles.role[keyOf[i] as number] as number) < Role.Unselected) continue
      const here = sideOf(buckets[i] as number)
      const was = side[run] as number
      side[run] =
        (was !== CallSide.None && was !== here) || !exact(steps[i] as number, rounds[i] as number)
          ? CallSide.Cut
          : here
      foundStore.push(s)
      foundAt.push(i)
    }
  })
  const calls = new Map<number, EffectStep[]>()
  const times = new Map<number, string>()
  const timeOf = (bucket: number): string => {
    let time = times.get(bucket)
    if (time === undefined) {
      time = new Date(bucket * BUCKET_SECONDS * 1000).toISOString()
      times.set(bucket, time)
    }
    return time
  }
  for (let f = 0; f < foundAt.length; f += 1) {
    if ((f & TURN_CHECK) === 0 && turns.due()) await turns.take()
    const at = foundAt[f] as number
    const {
      buckets,
      runs,
      keys: keyOf,
      steps,
      rounds,
    } = columns[foundStore[f] as number] as GroupColumns
    const run = runs[at] as number
    if (side[run] === CallSide.Cut) continue
    const key = keys[keyOf[at] as number] as GroupKey
    const list = calls.get(run) ?? []
    if (list.length === 0) calls.set(run, list)
    const step = {
      kind: 'tool',
      occurredAt: timeOf(buckets[at] as number),
      toolName: key.toolName ?? '',
      ...key.outcome,
    }
    const bits = rounds[at] as number
    const each = (steps[at] as number) / roundsIn(bits)
    const push = (round: number) => {
      for (let n = 0; n < each; n += 1) list.push({ ...step, round })
    }
    if (bits < 0) push(-bits)
    else {
      for (let round = 1; round <= ROUNDS_MASK_TOP; round += 1) {
        if ((bits & (1 << (round - 1))) !== 0) push(round)
      }
    }
  }
  return calls
}

/** How many rounds a group's `rounds` name: its bits set, or 1 for a high round. */
function roundsIn(rounds: number): number {
  if (rounds < 0) return 1
  let bits = rounds
  let count = 0
  while (bits !== 0) {
    bits &= bits - 1
    count += 1
  }
  return count
}

/**
 * Whether a group's `rounds` name the round of each of its `steps` calls: each named round holds
 * as many (`readStepGroups`), so none is unnamed when they share the steps evenly.
 */
function exact(steps: number, rounds: number): boolean {
  const named = roundsIn(rounds)
  return named > 0 && steps % named === 0
}
