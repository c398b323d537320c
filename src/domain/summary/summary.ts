import type { IsoDay } from '../time'
import { copyCounts, copyNested, emptyRecord, type Counts } from './records'

/**
 * The mergeable summary of tool calls for one scope (range, zone, tools). Plain JSON data —
 * records and sorted arrays — so it can cross a Web Worker, be cached and be exported.
 * Count tables are keyed by outcome key (`succeeded`, `failed`, `refused:<code>`) and hold no
 * zero entries, so equal summaries are deeply equal.
 */
export interface ToolSummary {
  /** Runs folded in, whether or not they held a counted call. */
  runs: number
  /** Runs with at least one counted call. */
  runsWithCalls: number
  /** Runs with at least one counted call refused (any code). */
  runsWithRefusal: number
  /** Runs with at least one counted call failed. */
  runsWithFailure: number
  /** Folded runs by status, unknown statuses under their own name. */
  runsByStatus: Counts
  /** Tool name → outcome key → calls. */
  byTool: Record<string, Counts>
  /** Calendar day in the scope's zone → outcome key → calls. */
  byDay: Record<IsoDay, Counts>
  /** Refusal codes the contract does not name, seen on counted calls (sorted). */
  unknownRefusalCodes: string[]
  /** Step kinds the contract does not name, seen on steps inside the range (sorted). */
  unknownStepKinds: string[]
  /** Run statuses the contract does not name, seen on folded runs (sorted). */
  unknownRunStatuses: string[]
  /**
   * Tool calls in scope that could not be counted: steps the installation could not read and
   * did not list (`Run.unreadableSteps`, by the rule of `unreadableCallTimeIn`). The counts above may
   * be low by up to this many calls.
   */
  unreadableToolSteps: number
}

/** The summary of nothing: the identity of {@link mergeSummaries}. */
export function emptySummary(): ToolSummary {
  return {
    runs: 0,
    runsWithCalls: 0,
    runsWithRefusal: 0,
    runsWithFailure: 0,
    runsByStatus: emptyRecord<number>(),
    byTool: emptyRecord<Counts>(),
    byDay: emptyRecord<Counts>(),
    unknownRefusalCodes: [],
    unknownStepKinds: [],
    unknownRunStatuses: [],
    unreadableToolSteps: 0,
  }
}

/** A deep, prototype-free copy (safe to mutate; also normalises a summary parsed from JSON). */
export function copySummary(summary: ToolSummary): ToolSummary {
  return {
    ...summary,
    runsByStatus: copyCounts(summary.runsByStatus),
    byTool: copyNested(summary.byTool),
    byDay: copyNested(summary.byDay),
    unknownRefusalCodes: [...summary.unknownRefusalCodes],
    unknownStepKinds: [...summary.unknownStepKinds],
    unknownRunStatuses: [...summary.unknownRunStatuses],
  }
}
