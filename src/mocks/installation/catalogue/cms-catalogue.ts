/**
 * The demo installation's catalogue as the CMS keeps it: the built-in tools it exports (each with
 * its default), its MCP servers and their tools as rows, and the switches of
 * `tx_nrllm_tool_state` and `tx_nrllm_tool_group_state`. `/tools` serves what these rows say by
 * the extension's rules (`isOffered`); the seeder writes the same rows into the CMS's tables.
 */
import type { z } from '@/domain/zod'
import type { builtinToolSchema } from '@/domain/contract'
import { isOffered, isServerUsable, type ToolSwitches } from '@/domain/offered-tools'
import { remoteHintsOf } from '@/domain/remote-hints'
import type { JsonSchema, ToolDefinition } from './json-schema'
import { MCP_ANNOTATIONS, MCP_TOOLS } from './mcp-tools'
import { READING_TOOLS } from './reading-tools'
import { WRITING_TOOLS } from './writing-tools'

/** A built-in tool as the CMS exports it: the API's shape and the tool class's default. */
export type BuiltinTool = z.input<typeof builtinToolSchema> & { enabledByDefault: boolean }

/** A row of `tx_nrllm_mcp_server` (never its URL or credential). */
export interface McpServerRow {
  identifier: string
  requiresApproval: boolean
  enabled: number
  hidden: number
  deleted: number
  dataClass: string
}

/** A row of `tx_nrllm_mcp_tool`. */
export interface McpToolRow {
  server: string
  /** `tool_name`: the name the loop offers, `mcp_<server>_<remote name>` as the CMS makes it. */
  toolName: string
  remoteName: string
  parameters: JsonSchema
  /** `remote_annotations`: the server's `annotations` block as the CMS stored it ('' for none). */
  remoteAnnotations: string
  orphaned: number
}

/** What the CMS's tables hold about the tools (`--tools` file, MCP rows, switches). */
export interface CatalogueRows {
  builtin: readonly BuiltinTool[]
  servers: readonly McpServerRow[]
  mcpTools: readonly McpToolRow[]
  toolSwitches: readonly { toolName: string; enabled: boolean }[]
  groupSwitches: readonly { groupName: string; enabled: boolean }[]
}

/** An MCP tool's name as the loop offers it. */
export const mcpToolName = (server: string, remote: string): string => `mcp_${server}_${remote}`

/**
 * `/tools` as these rows give it: the built-in tools, then every MCP tool row (a tool of the same
 * name as a built-in left out, as the CMS does), each with `offered` by the extension's rules.
 */
export function servedTools(rows: CatalogueRows): ToolDefinition[] {
  const switches: ToolSwitches = {
    tools: new Map(rows.toolSwitches.map((s) => [s.toolName, s.enabled])),
    groups: new Map(rows.groupSwitches.map((s) => [s.groupName, s.enabled])),
  }
  const builtin = rows.builtin.map(({ enabledByDefault, ...tool }) => ({
    ...tool,
    offered: isOffered({ ...tool, source: 'builtin', enabledByDefault }, true, switches),
  }))
  const names = new Set(builtin.map((tool) => tool.name))
  const servers = new Map(rows.servers.map((server) => [server.identifier, server]))
  const mcp: ToolDefinition[] = []
  for (const row of rows.mcpTools) {
    const name = row.toolName
    if (names.has(name)) continue
    names.add(name)
    const server = servers.get(row.server)
    const registered = row.orphaned === 0 && server !== undefined && isServerUsable(server)
    const group = `mcp_${row.server}`
    mcp.push({
      name,
      source: 'mcp',
      server: row.server,
      group,
      effect: 'non_idempotent_write',
      approval: server?.requiresApproval ?? true,
      input: false,
      parameters: row.parameters,
      offered: isOffered({ name, group, source: 'mcp' }, registered, switches),
      effectAssumed: true,
      remoteHints: remoteHintsOf(row.remoteAnnotations),
    })
  }
  return [...builtin, ...mcp]
}

const remoteOf = (tool: ToolDefinition): string =>
  tool.name.slice(`mcp_${tool.server ?? ''}_`.length)

/**
 * The demo's rows. Writing tools are off until switched on (the CMS's default for its writing
 * tools); the demo switched them on but `attach_file_to_content_element` again off. The `accounts`
 * group is switched off. MCP tools are off until switched on: `dam` is hidden (which the CMS
 * ignores) and switched on; `termbase`'s `add_term` was switched off after it ran; `crm` has no
 * data class (inert) and sent an empty annotations block; `dam`'s `delete_asset` is gone from its
 * server (orphaned). Their `remote_annotations` are those of `MCP_ANNOTATIONS`.
 */
export const DEMO_CATALOGUE_ROWS: CatalogueRows = {
  builtin: [
    ...WRITING_TOOLS.map((tool) => ({ ...tool, enabledByDefault: false })),
    ...READING_TOOLS.map((tool) => ({ ...tool, enabledByDefault: true })),
  ],
  servers: [
    {
      identifier: 'dam',
      requiresApproval: true,
      enabled: 1,
      hidden: 1,
      deleted: 0,
      dataClass: 'editorContent',
    },
    {
      identifier: 'termbase',
      requiresApproval: true,
      enabled: 1,
      hidden: 0,
      deleted: 0,
      dataClass: 'publicContent',
    },
    { identifier: 'crm', requiresApproval: true, enabled: 1, hidden: 0, deleted: 0, dataClass: '' },
  ],
  mcpTools: [
    ...MCP_TOOLS.map((tool) => ({
      server: tool.server ?? '',
      toolName: tool.name,
      remoteName: remoteOf(tool),
      parameters: tool.parameters,
      remoteAnnotations: MCP_ANNOTATIONS[tool.name] ?? '',
      orphaned: 0,
    })),
    {
      server: 'dam',
      toolName: mcpToolName('dam', 'delete_asset'),
      remoteName: 'delete_asset',
      parameters: { type: 'object', properties: { asset_id: { type: 'string' } } },
      remoteAnnotations: '{"title":"Delete asset","readOnlyHint":false,"destructiveHint":true}',
      orphaned: 1,
    },
    {
      server: 'crm',
      toolName: mcpToolName('crm', 'find_contact'),
      remoteName: 'find_contact',
      parameters: { type: 'object', properties: { email: { type: 'string' } } },
      remoteAnnotations: '[]',
      orphaned: 0,
    },
  ],
  toolSwitches: [
    ...WRITING_TOOLS.map((tool) => ({
      toolName: tool.name,
      enabled: tool.name !== 'attach_file_to_content_element',
    })),
    ...MCP_TOOLS.map((tool) => ({
      toolName: tool.name,
      enabled: tool.name !== 'mcp_termbase_add_term',
    })),
    { toolName: 'mcp_crm_find_contact', enabled: true },
  ],
  groupSwitches: [{ groupName: 'accounts', enabled: false }],
}

/** The demo's `/tools`. */
export const DEMO_TOOLS: readonly ToolDefinition[] = servedTools(DEMO_CATALOGUE_ROWS)
