import { addCounts, addNested, unionSorted } from './records'
import { copySummary, type ToolSummary } from './summary'

/**
 * The summary of both inputs' runs together (inputs untouched). Associative and commutative,
 * with {@link emptySummary} as identity — so pages may be folded in any split and order.
 * Both must come from the same scope; a run folded into both is counted twice.
 */
export function mergeSummaries(a: ToolSummary, b: ToolSummary): ToolSummary {
  const merged = copySummary(a)
  merged.runs += b.runs
  merged.runsWithCalls += b.runsWithCalls
  merged.runsWithRefusal += b.runsWithRefusal
  merged.runsWithFailure += b.runsWithFailure
  merged.unreadableToolSteps += b.unreadableToolSteps
  addCounts(merged.runsByStatus, b.runsByStatus)
  addNested(merged.byTool, b.byTool)
  addNested(merged.byDay, b.byDay)
  merged.unknownRefusalCodes = unionSorted(a.unknownRefusalCodes, b.unknownRefusalCodes)
  merged.unknownStepKinds = unionSorted(a.unknownStepKinds, b.unknownStepKinds)
  merged.unknownRunStatuses = unionSorted(a.unknownRunStatuses, b.unknownRunStatuses)
  return merged
}
