/**
 * Whether the CMS offers a tool to its agents now, by the extension's own rules for its rows
 * (`docs/reference/cms-rows.md`, "The tool catalogue"): the server answers `Tool.offered` by
 * them, and the simulated installation serves what its rows say by the same function.
 */

/** The data classes a usable MCP server may carry; any other value (`''` too) makes it inert. */
export const TOOL_DATA_CLASSES = [
  'publicContent',
  'editorContent',
  'sourceCode',
  'internalConfiguration',
  'systemDiagnostics',
  'secretAdjacent',
] as const

const dataClasses: ReadonlySet<string> = new Set(TOOL_DATA_CLASSES)

/** An MCP server row as the rule reads it (`hidden` is not read: the extension ignores it). */
export interface McpServerState {
  enabled: number
  deleted: number
  dataClass: string
}

/** Whether an MCP server's tools are registered at all: enabled, not deleted, a known data class. */
export function isServerUsable(server: McpServerState): boolean {
  return server.enabled === 1 && server.deleted === 0 && dataClasses.has(server.dataClass)
}

/**
 * The switches of `tx_nrllm_tool_state` (tool name → on) and `tx_nrllm_tool_group_state`
 * (group → on). A missing table is an empty map: every tool and group at its default.
 */
export interface ToolSwitches {
  tools: ReadonlyMap<string, boolean>
  groups: ReadonlyMap<string, boolean>
}

/** A tool as the rule reads it. */
export interface OfferedInput {
  name: string
  group: string
  source: 'builtin' | 'mcp'
  /**
   * A built-in tool's default when no switch names it (the CMS's tool class says; true when the
   * catalogue does not). MCP tools are always off until switched on.
   */
  enabledByDefault?: boolean | undefined
}

/**
 * Whether the CMS offers `tool` now: it is registered (an MCP tool: not orphaned, on a usable
 * server, its schema readable; a built-in: in the catalogue), its group is not switched off, and
 * it is switched on — by its own switch, else by its default.
 */
export function isOffered(
  tool: OfferedInput,
  registered: boolean,
  switches: ToolSwitches,
): boolean {
  if (!registered || switches.groups.get(tool.group) === false) return false
  const byDefault = tool.source === 'mcp' ? false : (tool.enabledByDefault ?? true)
  return switches.tools.get(tool.name) ?? byDefault
}
