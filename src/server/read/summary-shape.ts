import type { SummaryParams } from '@/domain/api-query'
import type { Step, SummaryResponse } from '@/domain/contract'
import { outcomeOf, refusalCodeOf } from '@/domain/outcome'

export type SummaryQuery = Extract<SummaryParams, { ok: true }>
type Row = SummaryResponse['rows'][number]

/** `GET /summary` as the server answers it; `unreadableToolSteps` only when some were. */
export type ServedSummary = SummaryResponse & { unreadableToolSteps?: number }

/** The per-run figures of a summary, however they were counted. */
export interface RunCounts {
  runs: number
  withCalls: number
  withRefusal: number
  withFailure: number
  unreadable: number
  byStatus: ReadonlyMap<string, number>
}

const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0)

/** The summary's rows: calls by local day, tool, outcome and refusal code. */
export class SummaryRows {
  private readonly rows = new Map<string, Row>()

  /** Adds `calls` readable tool calls of one outcome, by the project's one outcome rule. */
  add(day: string, tool: string, fields: Pick<Step, 'toolRefusal' | 'toolIsError'>, calls: number) {
    const outcome = outcomeOf(fields)
    const code = refusalCodeOf(outcome)
    const summaryOutcome = code === null ? (outcome as 'succeeded' | 'failed') : 'refused'
    const key = JSON.stringify([day, tool, summaryOutcome, code])
    const row = this.rows.get(key) ?? { day, tool, outcome: summaryOutcome, code, calls: 0 }
    row.calls += calls
    this.rows.set(key, row)
  }

  sorted(): Row[] {
    return [...this.rows.entries()].sort(([a], [b]) => byText(a, b)).map(([, row]) => row)
  }
}

/** The answer, in the one order both ways of counting give it. */
export function summaryOf(
  query: SummaryQuery,
  rows: SummaryRows,
  runs: RunCounts,
  stepKinds: Iterable<string>,
): ServedSummary {
  const summary: ServedSummary = {
    from: query.fromText,
    to: query.toText,
    tz: query.tz,
    tools: query.tools,
    runs: runs.runs,
    runsWithCalls: runs.withCalls,
    runsWithRefusal: runs.withRefusal,
    runsWithFailure: runs.withFailure,
    runsByStatus: [...runs.byStatus]
      .map(([status, count]) => ({ status, runs: count }))
      .sort((a, b) => byText(a.status, b.status)),
    rows: rows.sorted(),
    stepKinds: [...new Set(stepKinds)].filter((kind) => kind !== '').sort(byText),
  }
  if (runs.unreadable > 0) summary.unreadableToolSteps = runs.unreadable
  return summary
}
