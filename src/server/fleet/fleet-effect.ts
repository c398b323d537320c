import { emptyEffectSummary, mergeEffectSummaries, type EffectSummary } from '@/domain/effect'
import { num } from '../db/database'
import { foldReadRuns } from '../read/effect'
import { foldEffectGroups, type EffectQuery } from '../view/fold-effect-groups'
import { stepGroupOf } from '../view/read-step-groups'
import { statusIndexOf, type RunStatusIndex } from '../view/run-status-index'
import { BUCKET_SECONDS, GroupIds, ROUNDS_MASK_TOP, StepStore } from '../view/step-store'
import type { ClickHouse } from './clickhouse'
import { fleetTools } from './fleet-reads'
import { fleetEvents, fleetListedRuns } from './fleet-runs'

/**
 * `/effect` of installations from their exported rows (decision 0017), by the single server's
 * own plan (`foldEffectGroups`, decision 0027): each installation's steps of the windows'
 * quarter hours grouped in ClickHouse as the view groups them (`readStepGroups`), the runs the
 * groups count counted there, the others read from `rd_events` and folded by the browser's own
 * fold with that installation's catalogue; then summed (a run belongs to one installation).
 */
export async function fleetEffect(
  ch: ClickHouse,
  installations: readonly string[],
  query: EffectQuery,
): Promise<EffectSummary> {
  let total = emptyEffectSummary()
  for (const name of installations) {
    total = mergeEffectSummaries(total, await effectOfOne(ch, name, query))
  }
  return total
}

async function effectOfOne(
  ch: ClickHouse,
  name: string,
  query: EffectQuery,
): Promise<EffectSummary> {
  const catalogue = (await fleetTools(ch, name))?.tools ?? []
  const ids = new GroupIds()
  const store = new StepStore(ids)
  store.add(await stepGroups(ch, name, query))
  const plan = await foldEffectGroups(
    query,
    catalogue,
    [store],
    ids,
    await statusIndex(ch, name, ids),
  )
  const { beforeStartMs: from, afterEndMs: to, tools } = query
  const undecided = plan.undecided.map((run) => run.uid)
  const listed =
    undecided.length === 0 ? [] : await fleetListedRuns(ch, name, { from, to, tools }, undecided)
  const read = await foldReadRuns(fleetEvents(ch, name), [...plan.read, ...listed], plan.scope)
  return mergeEffectSummaries(plan.counted, read)
}

const TOP = ROUNDS_MASK_TOP

/**
 * The steps of the quarter hours `[from, to)` touches, grouped as `readStepGroups` groups them:
 * by quarter hour, run, key texts and how many steps each listed round holds.
 */
async function stepGroups(ch: ClickHouse, name: string, query: EffectQuery) {
  const first = Math.floor(query.beforeStartMs / 1000 / BUCKET_SECONDS)
  const end = Math.ceil(query.afterEndMs / 1000 / BUCKET_SECONDS)
  const rows = await ch.query(
    `SELECT bucket, run, kind, tool, refusal, is_error, opened_by,
       if(lround > ${TOP}, lround, if(lround >= 1, 0, -1)) AS high_round, per_round,
       groupBitOr(if(lround BETWEEN 1 AND ${TOP},
         bitShiftLeft(toUInt32(1), toUInt8(least(greatest(lround, 1), ${TOP}) - 1)), 0))
         AS round_bits,
       sum(per_round) AS steps
     FROM (
       SELECT intDiv(crdate, ${BUCKET_SECONDS}) AS bucket, run, kind, tool, refusal, is_error,
         opened_by, lround, count() AS per_round
       FROM rd_steps FINAL WHERE installation = {i:String}
         AND crdate >= {from:Int64} AND crdate < {to:Int64}
       GROUP BY bucket, run, kind, tool, refusal, is_error, opened_by, lround)
     GROUP BY bucket, run, kind, tool, refusal, is_error, opened_by, high_round, per_round`,
    { i: name, from: first * BUCKET_SECONDS, to: end * BUCKET_SECONDS },
  )
  return rows.map(stepGroupOf)
}

/** Each numbered run's status (an index into `names`), -1 for a run no longer recorded. */
async function statusIndex(ch: ClickHouse, name: string, ids: GroupIds): Promise<RunStatusIndex> {
  if (ids.runUids.length === 0) return statusIndexOf([], () => undefined)
  const rows = await ch.query(
    `SELECT uid, status FROM rd_runs FINAL WHERE installation = {i:String} AND gone = 0
       AND uid IN {runs:Array(UInt64)}`,
    { i: name, runs: ids.runUids.map((uid) => BigInt(uid)) },
  )
  const statuses = new Map(rows.map((row) => [num(row.uid), String(row.status)]))
  return statusIndexOf(ids.runUids, (uid) => statuses.get(uid))
}
