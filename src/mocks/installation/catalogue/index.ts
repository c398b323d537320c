import type { ToolDefinition } from './json-schema'
import { MCP_TOOLS } from './mcp-tools'
import { READING_TOOLS } from './reading-tools'
import { WRITING_TOOLS } from './writing-tools'

export type { JsonSchema, ToolDefinition } from './json-schema'
export {
  DEMO_CATALOGUE_ROWS,
  DEMO_TOOLS,
  mcpToolName,
  servedTools,
  type BuiltinTool,
  type CatalogueRows,
  type McpServerRow,
  type McpToolRow,
} from './cms-catalogue'

/** The catalogue as offered to models: built-in writing, built-in reading, then MCP tools. */
export const CATALOGUE: readonly ToolDefinition[] = [
  ...WRITING_TOOLS,
  ...READING_TOOLS,
  ...MCP_TOOLS,
]

const byName = new Map(CATALOGUE.map((tool, index) => [tool.name, index]))

/** The catalogue index of a tool; throws for a name the catalogue does not have. */
export function toolIndex(name: string): number {
  const index = byName.get(name)
  if (index === undefined) throw new Error(`unknown tool in the demo catalogue: ${name}`)
  return index
}

/** The tool at a catalogue index; throws when out of range. */
export function toolAt(index: number): ToolDefinition {
  const tool = CATALOGUE[index]
  if (tool === undefined) throw new Error(`no tool at catalogue index ${index}`)
  return tool
}

/**
 * Names the simulated model sometimes calls that no catalogue has; the loop answers them
 * `Error: unknown tool "x"`. They follow the catalogue's indices, so a step names any tool by one
 * number.
 */
export const INVENTED_TOOL_NAMES = ['update_page_meta', 'get_page'] as const

/** The index of an invented name. */
export const inventedToolIndex = (position: number): number => CATALOGUE.length + position

/** The name of a catalogue tool or an invented one, by index; throws when neither. */
export function toolNameAt(index: number): string {
  const name = CATALOGUE[index]?.name ?? INVENTED_TOOL_NAMES[index - CATALOGUE.length]
  if (name === undefined) throw new Error(`no tool at index ${index}`)
  return name
}

/** How many tool indices there are (catalogue and invented names). */
export const TOOL_INDICES = CATALOGUE.length + INVENTED_TOOL_NAMES.length
