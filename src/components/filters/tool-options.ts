import { isWritingTool, type Tool } from '@/domain/contract'
import type { ToolOption } from './tool-picker'

/**
 * The tool picker's options: every catalogue tool, then (sorted) the tools the range's runs
 * called that the catalogue no longer offers (a removed MCP server). `counts` are the range's
 * calls per tool and outcome; without them every count is null (unknown) and only the catalogue
 * is listed. No catalogue and no counts give no options.
 */
export function toolOptions(
  tools: readonly Tool[],
  counts: Readonly<Record<string, Readonly<Record<string, number>>>> | null | undefined,
): ToolOption[] {
  const total = (name: string) => {
    if (!counts) return null
    const outcomes = counts[name]
    return outcomes ? Object.values(outcomes).reduce((a, b) => a + b, 0) : 0
  }
  const offered = tools.map((t) => ({
    name: t.name,
    source: t.source,
    server: t.server,
    writing: isWritingTool(t),
    calls: total(t.name),
  }))
  const listed = new Set(tools.map((t) => t.name))
  const fromData = Object.keys(counts ?? {})
    .filter((name) => !listed.has(name))
    .sort()
    .map((name) => ({
      name,
      source: name.startsWith('mcp_') ? ('mcp' as const) : ('builtin' as const),
      server: null,
      writing: false,
      calls: total(name),
    }))
  return [...offered, ...fromData]
}
