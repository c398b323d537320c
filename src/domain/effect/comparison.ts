import type { Tool } from '../contract'
import { compareStrings } from '../summary/records'
import { countsRowOf, totalsRow, type CountsRow } from '../summary'
import type { EffectSummary } from './effect-summary'
import { rateChange, rateStat, type RateChange } from './rate-change'

/** One row of the comparison table: a tool, or all tools (`tool: null`). */
export interface ComparisonRow {
  tool: string | null
  source: Tool['source'] | null
  before: CountsRow
  after: CountsRow
  failure: RateChange
  refusal: RateChange
  /** Every refusal code seen on either side of any row → its rate change (0 where absent). */
  refusalByCode: Record<string, RateChange>
}

export interface Comparison {
  overall: ComparisonRow
  /** One row per tool with a counted call on either side, most calls after first, then before. */
  tools: ComparisonRow[]
  /** Refusal codes present, `arguments` and `turn` first, then the rest sorted. */
  codes: string[]
}

function rowOf(
  tool: string | null,
  source: ComparisonRow['source'],
  before: CountsRow,
  after: CountsRow,
  codes: readonly string[],
): ComparisonRow {
  const byCode: Record<string, RateChange> = Object.create(null) as Record<string, RateChange>
  for (const code of codes) {
    byCode[code] = rateChange(
      rateStat(before.refusedByCode[code] ?? 0, before.calls),
      rateStat(after.refusedByCode[code] ?? 0, after.calls),
    )
  }
  return {
    tool,
    source,
    before,
    after,
    failure: rateChange(rateStat(before.failed, before.calls), rateStat(after.failed, after.calls)),
    refusal: rateChange(
      rateStat(before.refused, before.calls),
      rateStat(after.refused, after.calls),
    ),
    refusalByCode: byCode,
  }
}

/**
 * The before/after comparison, overall and per tool: calls, failure rate, refusal rate overall
 * and by code, each with n, a 95 % Wilson interval and the change. Rates are over all calls
 * (refused ones included). An empty summary gives an overall row of zeros, null rates and no
 * tool rows; a tool missing from `catalogue` gets its source from its `mcp_` name.
 */
export function comparison(
  summary: EffectSummary,
  catalogue: readonly Pick<Tool, 'name' | 'source'>[] = [],
): Comparison {
  const sources = new Map(catalogue.map((t) => [t.name, t.source]))
  const names = [
    ...new Set([...Object.keys(summary.before.byTool), ...Object.keys(summary.after.byTool)]),
  ]
  const pairs = names.map((tool) => ({
    tool,
    before: countsRowOf(summary.before.byTool[tool] ?? {}),
    after: countsRowOf(summary.after.byTool[tool] ?? {}),
  }))
  const before = totalsRow(pairs.map((p) => p.before))
  const after = totalsRow(pairs.map((p) => p.after))
  const present = new Set([
    ...Object.keys(before.refusedByCode),
    ...Object.keys(after.refusedByCode),
  ])
  const codes = [
    ...(['arguments', 'turn'] as const).filter((c) => present.has(c)),
    ...[...present].filter((c) => c !== 'arguments' && c !== 'turn').sort(compareStrings),
  ]
  const tools = pairs
    .sort(
      (a, b) =>
        b.after.calls - a.after.calls ||
        b.before.calls - a.before.calls ||
        compareStrings(a.tool, b.tool),
    )
    .map((p) =>
      rowOf(
        p.tool,
        sources.get(p.tool) ?? (p.tool.startsWith('mcp_') ? 'mcp' : 'builtin'),
        p.before,
        p.after,
        codes,
      ),
    )
  return { overall: rowOf(null, null, before, after, codes), tools, codes }
}
