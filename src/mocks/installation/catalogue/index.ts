import type { ToolDefinition } from './json-schema'
import { MCP_TOOLS } from './mcp-tools'
import { READING_TOOLS } from './reading-tools'
import { WRITING_TOOLS } from './writing-tools'

export type { JsonSchema, ToolDefinition } from './json-schema'

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
