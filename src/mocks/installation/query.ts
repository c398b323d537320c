import { TOOL_INDICES, toolNameAt } from './catalogue'
import type { RunIndex } from './run-index'

import type { RunQuery } from '@/domain/api-query'

export type { RunQuery }

/** Whether run `run` has any step in [from, to); used only where the index cannot tell. */
export type StepProbe = (run: number, from: number, to: number) => boolean

/**
 * The contract positions of the runs a query matches, ascending. A run matches when one of its
 * steps lies in the range and, with tools given, one of its tool steps in the range names one
 * of them. Without any range a run matches even without steps; an unknown tool matches nothing.
 */
export function matchRuns(index: RunIndex, query: RunQuery, probe: StepProbe): Int32Array {
  const ranged = query.from !== null || query.to !== null
  const from = query.from ?? -Infinity
  const to = query.to ?? Infinity
  const wanted = new Set<number>()
  for (let id = 0; id < TOOL_INDICES; id += 1) {
    if (query.tools.includes(toolNameAt(id))) wanted.add(id)
  }
  const matches: number[] = []
  for (let position = 0; position < index.order.length; position += 1) {
    const run = index.order[position] ?? 0
    if (ranged && !inRange(index, run, from, to, probe)) continue
    if (query.tools.length > 0 && !hasTool(index, run, from, to, wanted)) continue
    matches.push(position)
  }
  return Int32Array.from(matches)
}

function inRange(
  index: RunIndex,
  run: number,
  from: number,
  to: number,
  probe: StepProbe,
): boolean {
  const first = index.firstAt[run] ?? Number.NaN
  const last = index.lastAt[run] ?? Number.NaN
  if (Number.isNaN(first) || last < from || first >= to) return false
  if (first >= from && last < to) return true
  // The range cuts through the run: only its steps can say whether one falls inside.
  return probe(run, from, to)
}

function hasTool(
  index: RunIndex,
  run: number,
  from: number,
  to: number,
  wanted: ReadonlySet<number>,
): boolean {
  const end = index.toolOffsets[run + 1] ?? 0
  for (let k = index.toolOffsets[run] ?? 0; k < end; k += 1) {
    const at = index.toolTimes[k] ?? Number.NaN
    if (at >= from && at < to && wanted.has(index.toolIds[k] ?? -1)) return true
  }
  return false
}

/** The index into `matches` of the first match after contract position `after` (binary search). */
export function firstAfter(matches: Int32Array, after: number): number {
  let low = 0
  let high = matches.length
  while (low < high) {
    const mid = (low + high) >>> 1
    if ((matches[mid] ?? 0) <= after) low = mid + 1
    else high = mid
  }
  return low
}
