import { z } from '../zod'

/**
 * What an MCP server says of its own tool: the boolean hints of the `annotations` block it sent
 * (MCP's `ToolAnnotations`), which the CMS stores verbatim for display. The CMS decides nothing by
 * them (not the effect, not the approval): they are the server's claim, shown as such.
 */
export const remoteHintsSchema = z.object({
  readOnlyHint: z.boolean().optional(),
  destructiveHint: z.boolean().optional(),
  idempotentHint: z.boolean().optional(),
  openWorldHint: z.boolean().optional(),
})

export type RemoteHints = z.infer<typeof remoteHintsSchema>

export const toolSchema = z.object({
  name: z.string().min(1),
  source: z.enum(['builtin', 'mcp']),
  server: z.string().nullable(),
  group: z.string(),
  effect: z.enum(['read_only', 'idempotent_write', 'non_idempotent_write']),
  approval: z.boolean(),
  input: z.boolean(),
  /** The JSON Schema the tool is offered with; judged only by src/checker. */
  parameters: z.record(z.string(), z.unknown()),
  /**
   * Additive: whether the CMS offers the tool to its agents now (server enabled, tool switched
   * on). Absent: not said (an installation that does not tell); `false`: listed because it ran,
   * or is known, but not offered.
   */
  offered: z.boolean().optional(),
  /**
   * Additive: `true` when `effect` is the CMS's fail-closed assumption rather than a declaration
   * (every MCP tool: a remote body cannot be inspected, so it is taken as a non-idempotent
   * write); `false` when declared; absent when not said.
   */
  effectAssumed: z.boolean().optional(),
  /** Additive: what the tool's MCP server declares about it; absent when it declares nothing. */
  remoteHints: remoteHintsSchema.optional(),
})

export type Tool = z.infer<typeof toolSchema>

/**
 * A built-in tool as the CMS exports its catalogue (the API server's `--tools` file): the API's
 * `Tool` and, optionally, `enabledByDefault` — whether the tool's class is on until switched off
 * (true when absent). Built-in tools exist only as code in the CMS; nothing in its tables lists
 * them.
 */
export const builtinToolSchema = toolSchema.extend({ enabledByDefault: z.boolean().optional() })

export type BuiltinTool = z.infer<typeof builtinToolSchema>

export const toolsResponseSchema = z.object({
  tools: z.array(toolSchema),
  /**
   * False when the installation lists no built-in tools because it was not given their catalogue
   * (the API server without `--tools`): only MCP tools are listed, and the built-in tools'
   * schemas and flags are unknown. Absent means every tool is listed.
   */
  builtinListed: z.boolean().optional(),
})

export type ToolsResponse = z.infer<typeof toolsResponseSchema>

/** Writing tools are the two `*_write` effects. */
export function isWritingTool(tool: Pick<Tool, 'effect'>): boolean {
  return tool.effect !== 'read_only'
}
