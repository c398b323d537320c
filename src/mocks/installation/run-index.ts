import { simulateRun } from './simulate-run'
import type { RunSpec } from './sim-types'
import { runUuid } from './uuid'

/**
 * What the installation keeps per run (a few numbers), so that 100,000 runs fit in a few
 * megabytes: the full steps are replayed from the run's spec when a page needs them.
 */
export interface RunIndex {
  readonly specs: readonly RunSpec[]
  readonly uuids: readonly string[]
  readonly byUuid: ReadonlyMap<string, number>
  /** First and last step instant per run (NaN for a run without steps). */
  readonly firstAt: Float64Array
  readonly lastAt: Float64Array
  /** The tool steps of run i are entries toolOffsets[i] … toolOffsets[i + 1] - 1. */
  readonly toolOffsets: Uint32Array
  readonly toolTimes: Float64Array
  readonly toolIds: Uint16Array
  /** 1 for a call the loop wrote without running it (a denied turn's). */
  readonly toolNotRun: Uint8Array
  /** Runs in contract order (startedAt descending, then uuid), and each run's position in it. */
  readonly order: Int32Array
  readonly positionOf: Int32Array
}

/** Simulates every run once (without failure quotas, which never move a step) and indexes it. */
export function indexRuns(seed: number, specs: readonly RunSpec[]): RunIndex {
  const count = specs.length
  const uuids = specs.map((_, i) => runUuid(seed, i))
  const firstAt = new Float64Array(count)
  const lastAt = new Float64Array(count)
  const toolOffsets = new Uint32Array(count + 1)
  const times: number[] = []
  const ids: number[] = []
  const notRun: number[] = []
  specs.forEach((spec, i) => {
    const { steps } = simulateRun(spec)
    firstAt[i] = steps[0]?.at ?? Number.NaN
    lastAt[i] = steps[steps.length - 1]?.at ?? Number.NaN
    for (const step of steps) {
      if (step.tool === undefined) continue
      times.push(step.at)
      ids.push(step.tool)
      notRun.push(step.notRun === true ? 1 : 0)
    }
    toolOffsets[i + 1] = times.length
  })
  const order = Int32Array.from(specs.keys())
  order.sort((a, b) => {
    const byStart = (specs[b]?.startMs ?? 0) - (specs[a]?.startMs ?? 0)
    if (byStart !== 0) return byStart
    const ua = uuids[a] ?? ''
    const ub = uuids[b] ?? ''
    return ua < ub ? -1 : ua > ub ? 1 : 0
  })
  const positionOf = new Int32Array(count)
  order.forEach((run, position) => {
    positionOf[run] = position
  })
  return {
    specs,
    uuids,
    byUuid: new Map(uuids.map((uuid, i) => [uuid, i])),
    firstAt,
    lastAt,
    toolOffsets,
    toolTimes: Float64Array.from(times),
    toolIds: Uint16Array.from(ids),
    toolNotRun: Uint8Array.from(notRun),
    order,
    positionOf,
  }
}
