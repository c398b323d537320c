import {
  emptyEffectSummary,
  foldEffect,
  mergeEffectSummaries,
  type EffectRun,
  type EffectScope,
  type EffectSummary,
} from '@/domain/effect'
import type { Step } from '@/domain/contract'
import { num, type Database } from '../db/database'
import { DIALECTS } from '../sql/dialect'
import { integerIn, raw, sql } from '../sql/fragment'
import { RUNS } from '../sql/tables'
import type { EffectPlan, ReadRun } from '../view/fold-effect-groups'
import { eventsOf, streamSteps, type EventSource } from './events'
import { runMatchByRun } from './run-match'

/** Steps held before they are folded: whole runs are held until then (a bigger run alone). */
const STEPS_PER_FOLD = 20_000

/**
 * Streams read at once. Ten million steps, 14 days each side, 5,692 runs read: one stream
 * 2,965 ms, two 2,009 ms, three 1,924 ms, four 2,065 ms (two cores).
 */
const STREAMS = 2

/** Undecided runs asked about in one statement. */
const BATCH = 1000

/**
 * The effect of a plan (`foldEffectGroups`): what the view counted, with the runs it left to be
 * read folded from their steps, read now (as `/runs` reads them), by the browser's own fold. Runs
 * the plan could not decide on are asked of the tables by `/runs`' own rule first.
 */
export async function effectOf(db: Database, plan: EffectPlan): Promise<EffectSummary> {
  const runs = [...plan.read, ...(await listedOf(db, plan))]
  return mergeEffectSummaries(plan.counted, await foldReadRuns(eventsOf(db), runs, plan.scope))
}

/**
 * The effect of `runs` read whole from `events` and folded by the browser's own fold
 * (`foldEffect`), in {@link STREAMS} streams.
 */
export async function foldReadRuns(
  events: EventSource,
  runs: readonly ReadRun[],
  scope: EffectScope,
): Promise<EffectSummary> {
  // Streams at once: one reads while another's rows are turned into steps and folded.
  const share = Math.ceil(runs.length / STREAMS)
  // A stream that fails stops the others: the answer has failed, their reads are for nothing.
  const stop = { failed: false }
  const parts = await Promise.all(
    Array.from({ length: STREAMS }, (_, i) =>
      foldRead(events, runs.slice(i * share, (i + 1) * share), scope, stop).catch(
        (error: unknown) => {
          stop.failed = true
          throw error
        },
      ),
    ),
  )
  return parts.reduce(mergeEffectSummaries, emptyEffectSummary())
}

/** `runs` read whole and folded by `foldEffect`, some runs at a time, until `stop.failed`. */
async function foldRead(
  events: EventSource,
  runs: readonly ReadRun[],
  scope: EffectScope,
  stop: { failed: boolean },
): Promise<EffectSummary> {
  let folded = emptyEffectSummary()
  let batch: EffectRun[] = []
  let held = 0
  let steps: Step[] = []
  let index = 0
  if (runs.length === 0) return folded
  for await (const piece of streamSteps(
    events,
    runs.map((run) => run.uid),
  )) {
    if (stop.failed) return folded
    for (const step of piece.steps) steps.push(step)
    held += piece.steps.length
    if (piece.unreadable === null) continue
    batch.push({ status: runs[index]?.status ?? '', steps, unreadableSteps: piece.unreadable })
    index += 1
    steps = []
    if (held >= STEPS_PER_FOLD) {
      folded = foldEffect(folded, batch, scope)
      batch = []
      held = 0
    }
  }
  return foldEffect(folded, batch, scope)
}

/** Of the plan's undecided runs, those `/runs` lists for the windows. */
async function listedOf(db: Database, plan: EffectPlan): Promise<ReadRun[]> {
  const { beforeStartMs: from, afterEndMs: to, scope } = plan.scope
  const match = runMatchByRun(DIALECTS[db.engine], { from, to, tools: scope.tools })
  const listed: ReadRun[] = []
  for (let at = 0; at < plan.undecided.length; at += BATCH) {
    const runs = plan.undecided.slice(at, at + BATCH)
    const statement = sql`SELECT r.uid FROM ${raw(RUNS)} r
      WHERE ${integerIn(
        'r.uid',
        runs.map((run) => run.uid),
      )} AND ${match}`
    const found = new Set(
      (await db.query(statement.sql, statement.params)).map((row) => num(row.uid)),
    )
    listed.push(...runs.filter((run) => found.has(run.uid)))
  }
  return listed
}
