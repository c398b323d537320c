import type { Tool } from '../contract'
import { refusalCodeOf, type OutcomeKey } from '../outcome'
import { compareStrings, emptyRecord, type Counts } from './records'
import type { ToolSummary } from './summary'

/** Below this many calls a rate is marked as a small sample, not ranked as reliable. */
export const SMALL_SAMPLE_CALLS = 20

/**
 * Counts and rates of a set of calls; rates are over all calls (denied and refused ones
 * included), null when there are none. A denied call is neither a failure nor a refusal.
 */
export interface CountsRow {
  calls: number
  succeeded: number
  failed: number
  /** Calls an editor denied: they never ran. */
  denied: number
  refused: number
  refusedArguments: number
  refusedTurn: number
  /** Refusals under every code other than `arguments` and `turn`. */
  refusedOther: number
  /** Refusals by code, every code present (known or not). */
  refusedByCode: Counts
  failureRate: number | null
  refusalRate: number | null
  smallSample: boolean
}

/** One tool's row; `source` from the catalogue, else from the contract's `mcp_` naming. */
export interface ToolRow extends CountsRow {
  tool: string
  source: Tool['source']
}

/** The counts and rates of one outcome table (a tool's, a day's); an empty table gives zeros. */
export function countsRowOf(outcomes: Readonly<Counts>): CountsRow {
  const refusedByCode = emptyRecord<number>()
  let succeeded = 0
  let failed = 0
  let denied = 0
  let refused = 0
  for (const key of Object.keys(outcomes)) {
    const n = outcomes[key] ?? 0
    const code = refusalCodeOf(key as OutcomeKey)
    if (code !== null) {
      refusedByCode[code] = (refusedByCode[code] ?? 0) + n
      refused += n
    } else if (key === 'failed') failed += n
    else if (key === 'denied') denied += n
    else succeeded += n
  }
  const refusedArguments = refusedByCode.arguments ?? 0
  const refusedTurn = refusedByCode.turn ?? 0
  const calls = succeeded + failed + denied + refused
  return {
    calls,
    succeeded,
    failed,
    denied,
    refused,
    refusedArguments,
    refusedTurn,
    refusedOther: refused - refusedArguments - refusedTurn,
    refusedByCode,
    failureRate: calls === 0 ? null : failed / calls,
    refusalRate: calls === 0 ? null : refused / calls,
    smallSample: calls < SMALL_SAMPLE_CALLS,
  }
}

/** The sum of rows (the table's totals row); all zeros with null rates for no rows. */
export function totalsRow(rows: readonly CountsRow[]): CountsRow {
  const outcomes = emptyRecord<number>()
  for (const row of rows) {
    outcomes.succeeded = (outcomes.succeeded ?? 0) + row.succeeded
    outcomes.failed = (outcomes.failed ?? 0) + row.failed
    outcomes.denied = (outcomes.denied ?? 0) + row.denied
    for (const [code, n] of Object.entries(row.refusedByCode)) {
      outcomes[`refused:${code}`] = (outcomes[`refused:${code}`] ?? 0) + n
    }
  }
  return countsRowOf(outcomes)
}

/**
 * One row per tool with at least one counted call, most calls first (then by name). An empty
 * summary gives no rows; a tool missing from `catalogue` (or without one) gets its source from
 * its name.
 */
export function toolRows(
  summary: ToolSummary,
  catalogue: readonly Pick<Tool, 'name' | 'source'>[] = [],
): ToolRow[] {
  const sources = new Map(catalogue.map((tool) => [tool.name, tool.source]))
  return Object.keys(summary.byTool)
    .map((tool) => ({
      tool,
      source: sources.get(tool) ?? (tool.startsWith('mcp_') ? 'mcp' : 'builtin'),
      ...countsRowOf(summary.byTool[tool] ?? {}),
    }))
    .sort((a, b) => b.calls - a.calls || compareStrings(a.tool, b.tool))
}

/** Refusal codes present other than `arguments` and `turn`, sorted (one table column each). */
export function otherRefusalCodes(rows: readonly CountsRow[]): string[] {
  const codes = new Set<string>()
  for (const row of rows) for (const code of Object.keys(row.refusedByCode)) codes.add(code)
  codes.delete('arguments')
  codes.delete('turn')
  return [...codes].sort(compareStrings)
}
