import type { SummaryParams } from '@/domain/api-query'
import type { Step, SummaryResponse } from '@/domain/contract'
import { outcomeOf, refusalCodeOf } from '@/domain/outcome'
import { compareStrings } from '@/domain/summary/records'

export type SummaryQuery = Extract<SummaryParams, { ok: true }>
type Row = SummaryResponse['rows'][number]
type OutcomeFields = Pick<Step, 'toolRefusal' | 'toolIsError' | 'toolDenied'>

/** The per-run figures of a summary, however they were counted. */
export interface RunCounts {
  runs: number
  withCalls: number
  withRefusal: number
  withFailure: number
  unreadable: number
  byStatus: ReadonlyMap<string, number>
}

/** A row's tool, outcome and code, and the text that orders rows of one day. */
export interface RowKey {
  tool: string
  outcome: Row['outcome']
  code: string | null
  order: string
}

/** The key of the row of a tool's readable calls of one outcome, by the one outcome rule. */
export function rowKeyOf(tool: string, fields: OutcomeFields): RowKey {
  const outcome = outcomeOf(fields)
  const code = refusalCodeOf(outcome)
  const summaryOutcome = code === null ? (outcome as Exclude<Row['outcome'], 'refused'>) : 'refused'
  return {
    tool,
    outcome: summaryOutcome,
    code,
    order: JSON.stringify([tool, summaryOutcome, code]),
  }
}

/** The summary's rows: calls by local day, tool, outcome and refusal code. */
export class SummaryRows {
  private readonly days = new Map<string, Map<string, Row>>()

  /** Adds `calls` readable tool calls of one outcome, by the project's one outcome rule. */
  add(day: string, tool: string, fields: OutcomeFields, calls: number) {
    this.addTo(day, rowKeyOf(tool, fields), calls)
  }

  /** Adds `calls` to a row whose key was made once ({@link rowKeyOf}) for many days. */
  addTo(day: string, key: RowKey, calls: number): void {
    let rows = this.days.get(day)
    if (rows === undefined) this.days.set(day, (rows = new Map()))
    const row = rows.get(key.order)
    if (row !== undefined) row.calls += calls
    else rows.set(key.order, { day, tool: key.tool, outcome: key.outcome, code: key.code, calls })
  }

  /**
   * By day, then by the JSON text of tool, outcome and code: as the JSON text of whole rows
   * would order them, since every ISO day has one length. Each distinct key is compared once.
   */
  sorted(): Row[] {
    const orders = new Set<string>()
    for (const rows of this.days.values()) for (const order of rows.keys()) orders.add(order)
    const rank = new Map([...orders].sort(compareStrings).map((order, index) => [order, index]))
    const rankOf = (order: string) => rank.get(order) ?? 0
    return [...this.days.keys()]
      .sort(compareStrings)
      .flatMap((day) =>
        [...(this.days.get(day) ?? [])]
          .sort(([a], [b]) => rankOf(a) - rankOf(b))
          .map(([, row]) => row),
      )
  }
}

/** The answer, in the one order both ways of counting give it. */
export function summaryOf(
  query: SummaryQuery,
  rows: SummaryRows,
  runs: RunCounts,
  stepKinds: Iterable<string>,
): SummaryResponse {
  const summary: SummaryResponse = {
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
      .sort((a, b) => compareStrings(a.status, b.status)),
    rows: rows.sorted(),
    stepKinds: [...new Set(stepKinds)].filter((kind) => kind !== '').sort(compareStrings),
  }
  if (runs.unreadable > 0) summary.unreadableToolSteps = runs.unreadable
  return summary
}
