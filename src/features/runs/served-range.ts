import { sendableTools } from '@/api'
import { SUMMARY_GRAIN_MS, type RunListQuery } from '@/domain/api-query'
import type { Filters } from '@/domain/filters'
import { createScope, narrowScope } from '@/domain/summary'

/** What of a runs list's query the shared filters decide: its instants and tools. */
export type RunListRange = Pick<RunListQuery, 'from' | 'to' | 'tools'>

const onGrain = (ms: number) => ms % SUMMARY_GRAIN_MS === 0

/**
 * The range a served runs list asks `/run-list` about: the instants the folding path counts
 * (the filters' days, narrowed to `within`) and the selected tools. Null when the installation
 * cannot be asked: a bound off the quarter hour (an overview window such as 09:12:33), an empty
 * range, or a tool name no URL can carry; those lists are folded here as always.
 */
export function servedRange(
  filters: Pick<Filters, 'from' | 'to' | 'tz' | 'tools'>,
  within: { startMs: number; endMs: number } | null,
): RunListRange | null {
  const { startMs, endMs } = narrowScope(createScope(filters), within).buckets
  const tools = sendableTools(filters.tools)
  if (tools === null || !(endMs > startMs) || !onGrain(startMs) || !onGrain(endMs)) return null
  return { from: startMs, to: endMs, tools }
}
