import type { Tool } from '@/domain/contract'
import { isWritingTool } from '@/domain/contract'
import { countsRowOf, type CountsRow, type ToolSummary } from '@/domain/summary'

/** One tool of the catalogue with what its schema declares and its calls in the filters. */
export interface CatalogueRow {
  tool: Tool
  writing: boolean
  /** Top-level parameter names, in schema order. */
  parameters: string[]
  /** Required parameter names. */
  required: string[]
  /**
   * Counted calls in the filters' range; null when the tool is outside the selected tools (not
   * counted at all) or the runs are not loaded yet.
   */
  counts: CountsRow | null
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * Joins the catalogue with the folded summary. `selected` is the filters' tools (empty: all
 * counted); a null summary leaves every count null; a tool without calls gets zero counts.
 * An empty catalogue gives no rows.
 */
export function catalogueRows(
  catalogue: readonly Tool[],
  summary: ToolSummary | null,
  selected: readonly string[],
): CatalogueRow[] {
  const chosen = new Set(selected)
  return catalogue.map((tool) => {
    const props = isRecord(tool.parameters.properties) ? tool.parameters.properties : {}
    const required = Array.isArray(tool.parameters.required)
      ? tool.parameters.required.filter((n): n is string => typeof n === 'string')
      : []
    const counted = summary !== null && (chosen.size === 0 || chosen.has(tool.name))
    return {
      tool,
      writing: isWritingTool(tool),
      parameters: Object.keys(props),
      required,
      counts: counted ? countsRowOf(summary.byTool[tool.name] ?? {}) : null,
    }
  })
}

/** Refusal codes other than arguments and turn in the rows, sorted; none gives []. */
export function otherCodesOf(rows: readonly CatalogueRow[]): string[] {
  const codes = new Set<string>()
  for (const row of rows)
    for (const code of Object.keys(row.counts?.refusedByCode ?? {}))
      if (code !== 'arguments' && code !== 'turn') codes.add(code)
  return [...codes].sort()
}

/** True when the row's name, server, group or parameters contain `query` (any case); '' matches. */
export function matchesQuery(row: CatalogueRow, query: string): boolean {
  const q = query.trim().toLowerCase()
  if (q === '') return true
  return [row.tool.name, row.tool.server ?? '', row.tool.group, ...row.parameters].some((text) =>
    text.toLowerCase().includes(q),
  )
}
