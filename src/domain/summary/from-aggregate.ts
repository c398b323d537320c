import { KNOWN_REFUSAL_CODES, KNOWN_RUN_STATUSES, KNOWN_STEP_KINDS } from '../contract'
import type { SummaryCalls, SummaryResponse } from '../contract'
import type { OutcomeKey } from '../outcome'
import { emptyRecord, unionSorted, type Counts } from './records'
import { emptySummary, type ToolSummary } from './summary'

const knownKinds: ReadonlySet<string> = new Set(KNOWN_STEP_KINDS)
const knownStatuses: ReadonlySet<string> = new Set(KNOWN_RUN_STATUSES)
const knownCodes: ReadonlySet<string> = new Set(KNOWN_REFUSAL_CODES)

/** The outcome key the fold uses for a group (`refused` + code → `refused:<code>`). */
function outcomeKeyOf(row: Pick<SummaryCalls, 'outcome' | 'code'>): OutcomeKey {
  if (row.outcome === 'refused') return `refused:${row.code ?? ''}`
  return row.outcome
}

function add(table: Record<string, Counts>, key: string, outcome: string, calls: number): void {
  const counts = (table[key] ??= emptyRecord<number>())
  counts[outcome] = (counts[outcome] ?? 0) + calls
}

/**
 * The {@link ToolSummary} of a `GET /summary` body — equal to what `foldRuns` gives for the same
 * runs: groups become `byTool` and `byDay` counts under the fold's outcome keys, groups (and
 * statuses) with 0 leave no entry, groups repeated under the same key are added up, and refusal
 * codes, step kinds and run statuses the contract does not name are listed sorted, as the fold
 * lists them. Days are taken as the server sent them; `unreadableToolSteps` absent is 0. An
 * empty body gives {@link emptySummary}.
 */
export function fromAggregate(body: SummaryResponse): ToolSummary {
  const summary = emptySummary()
  summary.runs = body.runs
  summary.runsWithCalls = body.runsWithCalls
  summary.runsWithRefusal = body.runsWithRefusal
  summary.runsWithFailure = body.runsWithFailure
  summary.unreadableToolSteps = body.unreadableToolSteps ?? 0

  const statuses = new Set<string>()
  for (const { status, runs } of body.runsByStatus) {
    if (runs === 0) continue
    summary.runsByStatus[status] = (summary.runsByStatus[status] ?? 0) + runs
    if (!knownStatuses.has(status)) statuses.add(status)
  }

  const codes = new Set<string>()
  for (const row of body.rows) {
    if (row.calls === 0) continue
    const outcome = outcomeKeyOf(row)
    add(summary.byTool, row.tool, outcome, row.calls)
    add(summary.byDay, row.day, outcome, row.calls)
    if (row.outcome === 'refused' && !knownCodes.has(row.code ?? '')) codes.add(row.code ?? '')
  }

  summary.unknownRefusalCodes = unionSorted([], codes)
  summary.unknownStepKinds = unionSorted(
    [],
    body.stepKinds.filter((kind) => !knownKinds.has(kind)),
  )
  summary.unknownRunStatuses = unionSorted([], statuses)
  return summary
}
