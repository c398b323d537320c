/**
 * The demo installation. How the ADR figures come out exact (scale 1, any seed):
 * 1. `scheduleRuns` plans every run (start, configuration, planned calls, ending); runs start in
 *    working hours and end the same evening, so none crosses the 2026-11-04 cut-off.
 * 2. Before the argument check each planned call runs exactly once, so `fitCallTotal` nudges the
 *    plans of completed runs until the calls before the cut-off sum to 2,386.
 * 3. Every run is simulated once for the index; the count is verified (a mismatch throws).
 * 4. `assignFailures` picks exactly the quota of failing calls per tool from those calls; only
 *    `toolIsError` of a pre-cut-off run depends on it, never a step's time, tool or count.
 */
import type { z } from '@/domain/zod'
import type { metaSchema } from '@/domain/contract'
import {
  DEMO_CATALOGUE_ROWS,
  DEMO_TOOLS,
  toolNameAt,
  type CatalogueRows,
  type ToolDefinition,
} from './catalogue'
import { ADR_FIGURES, assignFailures, fitCallTotal, type CallRef } from './figures'
import { materialize } from './materialize'
import { firstAfter, matchRuns, type RunQuery } from './query'
import { indexRuns, type RunIndex } from './run-index'
import { scheduleRuns } from './schedule'
import { storedLevelAt } from './stored-level'
import { simulateRun } from './simulate-run'
import type { MockRun, SimRun, StoredLevel } from './sim-types'
import { FIGURES_UNTIL_MS, ARGUMENT_CHECK_SINCE_MS, isoAt } from './time'

export type MockMeta = z.input<typeof metaSchema>

export interface InstallationOptions {
  /** Seed of the whole simulation; the same seed always builds the same installation. */
  seed?: number
  /** Volume multiplier: about `scale` times the runs of the default installation. */
  scale?: number
}

/** One page of `/runs` in contract order. */
export interface RunsSlice {
  runs: MockRun[]
  totalRuns: number
  /** The last run of the page when more matches follow it, else null. */
  continueAfter: MockRun | null
}

/** The simulated CMS installation the mock API serves. */
export interface Installation {
  readonly seed: number
  readonly scale: number
  readonly meta: MockMeta
  /** `/tools` as served: every tool the CMS knows, each with `offered`. */
  readonly tools: readonly ToolDefinition[]
  /**
   * The CMS's catalogue rows behind `tools`, for the seeder; absent, it writes rows that give the
   * served `offered` flags.
   */
  readonly catalogueRows?: CatalogueRows
  /**
   * The privacy level a run's steps were stored at, for the seeder (the API serves metadata
   * whatever it is); absent: `metadata` for every run.
   */
  storedLevelOf?(uuid: string): StoredLevel
  readonly runCount: number
  getRun(uuid: string): MockRun | undefined
  /** The `startedAt` of a run, or undefined for an unknown uuid. */
  startedAtOf(uuid: string): string | undefined
  /** Up to `limit` matching runs after the run `afterUuid` (a known uuid) or from the start. */
  queryRuns(query: RunQuery, afterUuid: string | null, limit: number): RunsSlice
}

export const DEFAULT_SEED = 246

/** Builds the demo installation: deterministic in `seed` and `scale`; ADR figures hold at scale 1. */
export function createInstallation(options: InstallationOptions = {}): Installation {
  const seed = (options.seed ?? DEFAULT_SEED) >>> 0
  const scale = options.scale ?? 1
  if (!Number.isFinite(scale) || scale <= 0) throw new Error(`scale must be > 0, got ${scale}`)
  const specs = scheduleRuns(seed, scale)
  const callTarget = Math.round(ADR_FIGURES.calls * scale)
  fitCallTotal(seed, specs, callTarget)
  const index = indexRuns(seed, specs)
  const before = callsBefore(index)
  if (before.length !== callTarget) {
    throw new Error(
      `expected ${callTarget} tool calls before the cut-off, simulated ${before.length}`,
    )
  }
  const failures = assignFailures(seed, before, scale)
  const simulate = (run: number): SimRun => {
    const spec = index.specs[run]
    if (spec === undefined) throw new Error(`no run ${run}`)
    const exact = spec.startMs < FIGURES_UNTIL_MS
    return simulateRun(spec, exact ? (failures.get(run) ?? []) : undefined)
  }
  const build = (run: number): MockRun => {
    const spec = index.specs[run]
    if (spec === undefined) throw new Error(`no run ${run}`)
    return materialize(index.uuids[run] ?? '', spec, simulate(run))
  }
  const probe = (run: number, from: number, to: number): boolean =>
    simulate(run).steps.some((step) => step.at >= from && step.at < to)
  const cache = new Map<string, Int32Array>()
  const matchesOf = (query: RunQuery): Int32Array => {
    const key = JSON.stringify([query.from, query.to, [...query.tools].sort()])
    const hit = cache.get(key)
    if (hit !== undefined) return hit
    const found = matchRuns(index, query, probe)
    if (cache.size >= 8) cache.delete(cache.keys().next().value ?? '')
    cache.set(key, found)
    return found
  }
  return {
    seed,
    scale,
    meta: metaOf(index),
    tools: DEMO_TOOLS,
    catalogueRows: DEMO_CATALOGUE_ROWS,
    storedLevelOf: (uuid) => storedLevelAt(index.specs[index.byUuid.get(uuid) ?? -1]?.startMs ?? 0),
    runCount: specs.length,
    getRun: (uuid) => {
      const run = index.byUuid.get(uuid)
      return run === undefined ? undefined : build(run)
    },
    startedAtOf: (uuid) => {
      const spec = index.specs[index.byUuid.get(uuid) ?? -1]
      return spec === undefined ? undefined : isoAt(spec.startMs)
    },
    queryRuns: (query, afterUuid, limit) => {
      const matches = matchesOf(query)
      const after =
        afterUuid === null ? -1 : (index.positionOf[index.byUuid.get(afterUuid) ?? -1] ?? -1)
      const start = firstAfter(matches, after)
      const page = Array.from(matches.subarray(start, start + limit), (p) =>
        build(index.order[p] ?? 0),
      )
      const more = start + limit < matches.length
      return {
        runs: page,
        totalRuns: matches.length,
        continueAfter: more ? (page.at(-1) ?? null) : null,
      }
    },
  }
}

/** Every tool step before the cut-off, in run order, with whether it ran. */
function callsBefore(index: RunIndex): CallRef[] {
  const calls: CallRef[] = []
  index.specs.forEach((_, run) => {
    const start = index.toolOffsets[run] ?? 0
    const end = index.toolOffsets[run + 1] ?? 0
    for (let k = start; k < end; k += 1) {
      if ((index.toolTimes[k] ?? Infinity) >= FIGURES_UNTIL_MS) continue
      calls.push({
        run,
        ordinal: k - start,
        tool: toolNameAt(index.toolIds[k] ?? 0),
        ran: index.toolNotRun[k] !== 1,
      })
    }
  })
  return calls
}

function metaOf(index: RunIndex): MockMeta {
  let earliest = Infinity
  let latest = -Infinity
  for (let run = 0; run < index.specs.length; run += 1) {
    const first = index.firstAt[run] ?? Number.NaN
    const last = index.lastAt[run] ?? Number.NaN
    if (!Number.isNaN(first)) earliest = Math.min(earliest, first)
    if (!Number.isNaN(last)) latest = Math.max(latest, last)
  }
  return {
    installation: 'Demo installation',
    privacyLevel: 'metadata',
    earliestAt: Number.isFinite(earliest) ? isoAt(earliest) : null,
    latestAt: Number.isFinite(latest) ? isoAt(latest) : null,
    retentionDays: 90,
    argumentCheckSince: isoAt(ARGUMENT_CHECK_SINCE_MS),
  }
}
