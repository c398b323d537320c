import {
  createEffectScope,
  emptyEffectSummary,
  foldEffect,
  type CatalogueFlags,
  type EffectRun,
  type EffectScope,
  type EffectSummary,
  type Side,
  windowsBetween,
} from '@/domain/effect'
import { outcomeOf } from '@/domain/outcome'
import { emptyRecord, type Counts } from '@/domain/summary/records'
import { TurnTaker } from '../turns'
import { inSlices } from './in-slices'
import { keyRoles, Role } from './key-roles'
import { CallSide, refusedRunsFromGroups } from './refused-runs-from-groups'
import type { RunStatusIndex } from './run-status-index'
import { BUCKET_SECONDS, type GroupIds, type StepStore } from './step-store'

/** The overview's question: its two windows `[beforeStartMs, decisionMs)`, `[decisionMs, afterEndMs)`. */
export interface EffectQuery {
  beforeStartMs: number
  decisionMs: number
  afterEndMs: number
  tools: readonly string[]
}

/** What the view counts of an effect, and the runs it leaves to be read whole. */
export interface EffectPlan {
  /** The scope the browser's fold would count with (`domain/effect/effect-scope.ts`). */
  scope: EffectScope
  /** The effect of every run listed but those in `read`, from the view's groups alone. */
  counted: EffectSummary
  /** Runs to fold from their steps (`foldEffect`): uid and status, highest uid first. */
  read: ReadRun[]
  /**
   * Runs whose only steps that could list them lie in a quarter hour the start or the end cuts:
   * listed, and so read, only when `/runs`' rule finds one of them in range.
   */
  undecided: ReadRun[]
}

export interface ReadRun {
  uid: number
  status: string
}

const BUCKET_MS = BUCKET_SECONDS * 1000

/**
 * Where a quarter hour lies: wholly in one window, wholly in both (the decision cuts it), or cut
 * by the start or the end (its steps may be in range or not).
 */
const Place = { Before: 0, After: 1, Across: 2, Edge: 3 } as const

/** Per-run flags of the fold. */
const SEEN = 1
const HIT = 2
const READ = 4
/** A step in a quarter hour cut by the start or the end that may list the run. */
const EDGE = 8
const CALLS = { before: 16, after: 32 } as const
const FAILED = { before: 64, after: 128 } as const
/** A counted refusal in a whole quarter hour: folded from its calls, rebuilt or read. */
const REFUSED = 256

/** Runs rebuilt from the groups folded at once (`foldEffect` copies its summary each time). */
const FOLD_RUNS = 2_000

/**
 * The overview's effect of a query from the view (decision 0027), split as the browser's fold
 * (`foldEffect`) counts it: a run is listed as `/runs` lists it for `[beforeStartMs, afterEndMs)`
 * (recorded, a step in range; with tools, a tool step naming one). A listed run whose counted
 * calls lie in whole quarter hours of one window and hold no refusal is counted here from its
 * groups — its calls by tool and outcome, its run-level flags, its unreadable calls. A run with a
 * counted refusal (recovery and savings read its rounds) is folded by `foldEffect` from its calls
 * as the groups tell them (`refusedRunsFromGroups`) when they tell them exactly. A run with a
 * counted call in a quarter hour that a bound cuts (only its step times tell the side), or with a
 * refusal the groups do not tell exactly, is left in `read`, to be folded from its steps.
 */
export async function foldEffectGroups(
  query: EffectQuery,
  catalogue: readonly CatalogueFlags[],
  stores: readonly StepStore[],
  ids: GroupIds,
  statuses: RunStatusIndex,
  turns: TurnTaker = new TurnTaker(),
): Promise<EffectPlan> {
  const { beforeStartMs: from, decisionMs: decision, afterEndMs: to } = query
  const scope = createEffectScope(windowsBetween(from, decision, to), query.tools, catalogue)
  const first = Math.floor(from / BUCKET_MS)
  const end = Math.ceil(to / BUCKET_MS)
  const place = new Uint8Array(Math.max(0, end - first))
  for (let b = first; b < end; b += 1) {
    const start = b * BUCKET_MS
    const stop = start + BUCKET_MS
    place[b - first] =
      start < from || stop > to
        ? Place.Edge
        : stop <= decision
          ? Place.Before
          : start >= decision
            ? Place.After
            : Place.Across
  }
  const roles = keyRoles(ids.keys, query.tools)
  const counted = (role: number) => role >= Role.Succeeded || role === Role.UnreadableCounted
  const filtered = query.tools.length > 0
  const status = statuses.status
  const flags = new Uint16Array(ids.runUids.length)
  const columns = stores.map((store) => store.columns)
  // First pass: which runs are listed, and which must be read whole.
  await inSlices(columns, turns, ({ buckets, runs, keys }, start, stop) => {
    for (let i = start; i < stop; i += 1) {
      const bucket = buckets[i] as number
      const run = runs[i] as number
      if (bucket < first || bucket >= end || !((status[run] as number) >= 0)) continue
      const key = keys[i] as number
      const where = place[bucket - first] as number
      const hit = (roles.selected[key] as number) === 1
      let flag = flags[run] as number
      if (where === Place.Edge) flag |= !filtered || hit ? EDGE : 0
      else flag |= SEEN | (hit ? HIT : 0)
      const role = roles.role[key] as number
      if (counted(role)) {
        if (where >= Place.Across) flag |= READ
        else if (role === Role.Refused) flag |= REFUSED
      }
      flags[run] = flag
    }
  })
  const listed = (flag: number) => (flag & SEEN) !== 0 && (!filtered || (flag & HIT) !== 0)
  // The runs with a refusal whose calls the groups tell exactly are folded from them; the others
  // are read whole.
  const wanted = new Uint8Array(flags.length)
  for (let run = 0; run < flags.length; run += 1) {
    const flag = flags[run] as number
    if ((flag & (REFUSED | READ)) === REFUSED && listed(flag)) wanted[run] = 1
  }
  const sideOf = (bucket: number): number => {
    if (bucket < first || bucket >= end) return CallSide.Outside
    const where = place[bucket - first] as number
    return where === Place.Before
      ? CallSide.Before
      : where === Place.After
        ? CallSide.After
        : CallSide.Cut
  }
  const rebuilt = await refusedRunsFromGroups(columns, wanted, sideOf, ids.keys, roles, turns)
  for (let run = 0; run < flags.length; run += 1) {
    if (wanted[run] === 1 && !rebuilt.has(run)) flags[run] = (flags[run] as number) | READ
  }
  // Second pass: the calls of the runs counted here, by side and summary row.
  const byRow = {
    before: new Float64Array(roles.rows.length),
    after: new Float64Array(roles.rows.length),
  }
  const summary = emptyEffectSummary()
  await inSlices(columns, turns, ({ buckets, runs, keys, steps }, start, stop) => {
    for (let i = start; i < stop; i += 1) {
      const bucket = buckets[i] as number
      if (bucket < first || bucket >= end) continue
      const where = place[bucket - first] as number
      if (where >= Place.Across) continue
      const run = runs[i] as number
      const flag = flags[run] as number
      if ((flag & READ) !== 0 || !listed(flag) || !((status[run] as number) >= 0)) continue
      const side: Side = where === Place.Before ? 'before' : 'after'
      const key = keys[i] as number
      const role = roles.role[key] as number
      const n = steps[i] as number
      if (role === Role.UnreadableCounted) {
        summary[side].unreadableToolSteps += n
        continue
      }
      if (role < Role.Succeeded || (flag & REFUSED) !== 0) continue
      const row = roles.row[key] as number
      byRow[side][row] = (byRow[side][row] as number) + n
      flags[run] = flag | CALLS[side] | (role === Role.Failed ? FAILED[side] : 0)
    }
  })
  await turns.take()
  const read: ReadRun[] = []
  const undecided: ReadRun[] = []
  const folding: EffectRun[] = []
  for (let run = 0; run < flags.length; run += 1) {
    const flag = flags[run] as number
    if (!((status[run] as number) >= 0)) continue
    const statusName = statuses.names[status[run] as number] ?? ''
    const named = (): ReadRun => ({ uid: ids.runUids[run] as number, status: statusName })
    if (!listed(flag)) {
      if ((flag & EDGE) !== 0) undecided.push(named())
      continue
    }
    if ((flag & READ) !== 0) {
      read.push(named())
      continue
    }
    const calls = rebuilt.get(run)
    if (calls !== undefined) {
      folding.push({ status: statusName, steps: calls })
      continue
    }
    summary.runs += 1
    for (const side of ['before', 'after'] as const) {
      if ((flag & CALLS[side]) === 0) continue
      summary[side].runs += 1
      if ((flag & FAILED[side]) !== 0) summary[side].runsWithFailure += 1
    }
  }
  for (const side of ['before', 'after'] as const) {
    roles.rows.forEach((key, row) => {
      const n = byRow[side][row] as number
      if (n === 0 || key.toolName === null || key.outcome === null) return
      const counts: Counts = (summary[side].byTool[key.toolName] ??= emptyRecord<number>())
      const outcome = outcomeOf(key.outcome)
      counts[outcome] = (counts[outcome] ?? 0) + n
    })
  }
  let all = summary
  for (let at = 0; at < folding.length; at += FOLD_RUNS) {
    if (turns.due()) await turns.take()
    all = foldEffect(all, folding.slice(at, at + FOLD_RUNS), scope)
  }
  read.sort((a, b) => b.uid - a.uid)
  undecided.sort((a, b) => b.uid - a.uid)
  return { scope, counted: all, read, undecided }
}
