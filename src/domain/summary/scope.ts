import type { Step, UnreadableStep } from '../contract'
import { createDayBuckets, type DayBuckets, type IsoDay } from '../time'
import { countsCall, countsUnreadableCall, toolFilter } from '../tool-filter'

/**
 * What counts: tool steps inside the buckets' range `[startMs, endMs)` whose tool is in
 * `tools` (empty = every tool), bucketed into the buckets' days. Plain data.
 */
export interface SummaryScope {
  buckets: DayBuckets
  tools: readonly string[]
}

/**
 * The scope of filters (`from`..`to` inclusive in `tz`, the selected tools). Precomputes the day
 * boundaries once; a reversed range gives an empty scope that counts nothing.
 */
export function createScope(filters: {
  from: IsoDay
  to: IsoDay
  tz: string
  tools: readonly string[]
}): SummaryScope {
  return { buckets: createDayBuckets(filters.from, filters.to, filters.tz), tools: filters.tools }
}

/**
 * The one rule for which steps count in a scope, as a function made once per scope: the step's
 * time in epoch ms when it is a `tool` step of a selected tool inside the range, else NaN
 * (also for an unparsable time or a missing tool name).
 */
export function countedTimeIn(
  scope: SummaryScope,
): (step: Pick<Step, 'kind' | 'toolName' | 'occurredAt'>) => number {
  const toolCallTime = toolCallTimeIn(scope)
  return (step) =>
    step.kind === 'tool' ? toolCallTime(step.toolName, step.occurredAt) : Number.NaN
}

/**
 * {@link countedTimeIn} for a step already known to be a `tool` step, given its tool name and
 * time, for the fold, which has read them already.
 */
export function toolCallTimeIn(
  scope: SummaryScope,
): (toolName: string | undefined, occurredAt: string) => number {
  const { startMs, endMs } = scope.buckets
  const filter = toolFilter(scope.tools)
  return (tool, occurredAt) => {
    if (tool === undefined || !countsCall(filter, tool)) return Number.NaN
    const t = Date.parse(occurredAt)
    return t >= startMs && t < endMs ? t : Number.NaN
  }
}

/** The fields of an unreadable step that decide whether a scope would have counted it. */
export type CountableUnreadable = Pick<
  UnreadableStep,
  'kind' | 'occurredAt' | 'toolName' | 'listed'
>

/**
 * The one rule for which unreadable steps (`Run.unreadableSteps`) are tool calls a scope could
 * not count, as a function made once per scope: the step's time in epoch ms when it is not
 * listed among the run's steps (`listed: false`; a listed one is counted as a step), of kind
 * `tool`, inside the range, and counted by the tool filter (`countsUnreadableCall`); else NaN
 * (also for an unparsable time).
 */
export function unreadableCallTimeIn(scope: SummaryScope): (step: CountableUnreadable) => number {
  const { startMs, endMs } = scope.buckets
  const filter = toolFilter(scope.tools)
  return (step) => {
    if (step.listed !== false || step.kind !== 'tool') return Number.NaN
    if (!countsUnreadableCall(filter, step.toolName)) return Number.NaN
    const t = typeof step.occurredAt === 'string' ? Date.parse(step.occurredAt) : Number.NaN
    return t >= startMs && t < endMs ? t : Number.NaN
  }
}

/**
 * The scope cut to the instants `[startMs, endMs)` as well (an overview window that starts at
 * 09:00 inside its first day); null or an invalid window leaves it as it is.
 */
export function narrowScope(
  scope: SummaryScope,
  window: { startMs: number; endMs: number } | null,
): SummaryScope {
  if (window === null || !(window.startMs < window.endMs)) return scope
  const startMs = Math.max(scope.buckets.startMs, window.startMs)
  const endMs = Math.max(startMs, Math.min(scope.buckets.endMs, window.endMs))
  return { ...scope, buckets: { ...scope.buckets, startMs, endMs } }
}

/**
 * The scope of an instant range `[startMs, endMs)` alone, without days: what decides which calls
 * a runs list's rows count (the API's `from` and `to` as a query gives them).
 */
export function rangeScope(startMs: number, endMs: number, tools: readonly string[]): SummaryScope {
  return { buckets: { zone: 'UTC', days: [], bounds: [], startMs, endMs }, tools }
}
