import { outcomeOf, refusalCodeOf } from '@/domain/outcome'
import { emptyRecord, type Counts } from '@/domain/summary/records'
import { secondsFrom } from '../read/run-match'
import { TurnTaker } from '../turns'
import { inSlices } from './in-slices'
import { keyRoles, Role, RunFlag, type KeyRoles } from './key-roles'
import type { RunStatusIndex } from './run-status-index'
import { BUCKET_SECONDS, type GroupIds, type GroupKey, type StepStore } from './step-store'

/** Which runs, and which of their calls: `[from, to)` in epoch ms on the grain, exact tools. */
export interface TallyQuery {
  from: number
  to: number
  tools: readonly string[]
}

/**
 * The counted calls of every run a query lists, by outcome, as the runs list keeps them
 * (`domain/runs/run-row.ts`): columns by run number, and the runs listed in the order pages
 * give them — highest run uid first.
 */
export interface RunTallies {
  /** Run numbers of the runs listed, highest uid first. */
  order: Int32Array
  /** Uid per run number (the view's). */
  uids: readonly number[]
  toolCalls: Int32Array
  failed: Int32Array
  denied: Int32Array
  refusedArguments: Int32Array
  refusedTurn: Int32Array
  /** Code → calls for codes other than arguments and turn, by run number; only runs with some. */
  otherCodes: Map<number, Counts>
}

/** What a call of a key adds to: an index into the tally's columns, or a code of its own. */
export const Tally = { None: -1, Calls: 0, Failed: 1, Denied: 2, Arguments: 3, Turn: 4, Other: 5 }

/**
 * Per key: what each of its calls adds to (`Tally`; `None` for a step not counted under the
 * roles) and its refusal code, if any. One rule for the view's runs list and the fleet's.
 */
export function talliesOfKeys(keys: readonly GroupKey[], roles: KeyRoles) {
  const tally = new Int8Array(roles.role.length).fill(Tally.None)
  const code = Array.from(roles.role, (): string | null => null)
  roles.role.forEach((role, key) => {
    if (role < Role.Succeeded) return
    const outcome = keys[key]?.outcome
    const refusal = outcome ? refusalCodeOf(outcomeOf(outcome)) : null
    tally[key] =
      role === Role.Failed
        ? Tally.Failed
        : role === Role.Denied
          ? Tally.Denied
          : refusal === 'arguments'
            ? Tally.Arguments
            : refusal === 'turn'
              ? Tally.Turn
              : refusal !== null
                ? Tally.Other
                : Tally.Calls
    code[key] = refusal
  })
  return { tally, code }
}

const { Seen: SEEN, Hit: HIT } = RunFlag

/**
 * The runs list of a query from the view's groups, without a step read: a run is listed when it
 * is recorded (a status in `statuses`) and has a step in range — with tools, a tool step in range
 * naming one of them (exactly, readable outcome or not: the summary's and `/runs`' rule). Its
 * counts are of its readable tool steps of the selected tools in range, by the one outcome rule.
 * Rounds, times and configuration are not in the view: the page reads them for its own runs.
 */
export async function foldRunTallies(
  query: TallyQuery,
  stores: readonly StepStore[],
  ids: GroupIds,
  statuses: RunStatusIndex,
  turns: TurnTaker = new TurnTaker(),
): Promise<RunTallies> {
  const columns = stores.map((store) => store.columns)
  const first = secondsFrom(query.from) / BUCKET_SECONDS
  const end = secondsFrom(query.to) / BUCKET_SECONDS
  const filtered = query.tools.length > 0
  const roles = keyRoles(ids.keys, query.tools)
  const { tally: keyTally, code: keyCode } = talliesOfKeys(ids.keys, roles)
  const runCount = ids.runUids.length
  const status = statuses.status
  const flags = new Uint8Array(runCount)
  const counts = [0, 1, 2, 3, 4].map(() => new Int32Array(runCount))
  const [toolCalls, failed, denied, refusedArguments, refusedTurn] = counts as [
    Int32Array,
    Int32Array,
    Int32Array,
    Int32Array,
    Int32Array,
  ]
  const otherCodes = new Map<number, Counts>()
  await inSlices(columns, turns, ({ buckets, runs, keys, steps }, start, stop) => {
    for (let i = start; i < stop; i += 1) {
      const bucket = buckets[i] as number
      const run = runs[i] as number
      if (bucket < first || bucket >= end || !((status[run] as number) >= 0)) continue
      const key = keys[i] as number
      flags[run] = (flags[run] as number) | SEEN | ((roles.selected[key] as number) === 1 ? HIT : 0)
      const tally = keyTally[key] as number
      if (tally === Tally.None) continue
      const n = steps[i] as number
      toolCalls[run] = (toolCalls[run] as number) + n
      if (tally === Tally.Other) {
        const code = keyCode[key] as string
        let codes = otherCodes.get(run)
        if (codes === undefined) otherCodes.set(run, (codes = emptyRecord<number>()))
        codes[code] = (codes[code] ?? 0) + n
      } else if (tally !== Tally.Calls) {
        const column = counts[tally] as Int32Array
        column[run] = (column[run] as number) + n
      }
    }
  })
  await turns.take()
  const listed: number[] = []
  for (let run = 0; run < runCount; run += 1) {
    const flag = flags[run] as number
    if ((flag & SEEN) !== 0 && (!filtered || (flag & HIT) !== 0)) listed.push(run)
  }
  const uids = ids.runUids
  const order = Int32Array.from(listed).sort((a, b) => (uids[b] as number) - (uids[a] as number))
  return { order, uids, toolCalls, failed, denied, refusedArguments, refusedTurn, otherCodes }
}
