import {
  createEffectScope,
  emptyEffectSummary,
  mergeEffectSummaries,
  windowsBetween,
  type EffectSummary,
} from '@/domain/effect'
import { foldReadRuns } from '../read/effect'
import type { EffectQuery } from '../view/fold-effect-groups'
import type { ClickHouse } from './clickhouse'
import { fleetTools } from './fleet-reads'
import { fleetEvents, fleetListedRuns } from './fleet-runs'

/**
 * `/effect` of installations from their exported rows (decision 0017): each installation's runs
 * that `/runs` lists for the two windows, read whole and folded by the browser's own fold with
 * that installation's catalogue, then summed (a run belongs to one installation). Exact, and
 * as slow as reading every run of the range: the single server's counted plan is not built here.
 */
export async function fleetEffect(
  ch: ClickHouse,
  installations: readonly string[],
  query: EffectQuery,
): Promise<EffectSummary> {
  const { beforeStartMs: from, decisionMs: decision, afterEndMs: to, tools } = query
  let total = emptyEffectSummary()
  for (const name of installations) {
    const catalogue = (await fleetTools(ch, name))?.tools ?? []
    const scope = createEffectScope(windowsBetween(from, decision, to), tools, catalogue)
    const runs = await fleetListedRuns(ch, name, { from, to, tools })
    total = mergeEffectSummaries(total, await foldReadRuns(fleetEvents(ch, name), runs, scope))
  }
  return total
}
