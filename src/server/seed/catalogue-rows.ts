import type { Installation, ToolDefinition } from '@/mocks/installation'
import type { BuiltinTool, CatalogueRows } from '@/mocks/installation/catalogue'
import { remoteAnnotationsText } from '@/domain/remote-hints'

const withoutOffered = ({ offered: _offered, ...tool }: ToolDefinition): ToolDefinition => tool

/**
 * The CMS's catalogue rows of an installation: its own, or rows that give each served tool its
 * `offered` flag (a usable server per MCP server, each MCP tool switched on or off, each built-in
 * tool on or off by default), for installations that serve tools without rows.
 */
export function catalogueRowsOf(installation: Installation): CatalogueRows {
  if (installation.catalogueRows !== undefined) return installation.catalogueRows
  const builtin = installation.tools.filter((tool) => tool.source === 'builtin')
  const mcp = installation.tools.filter((tool) => tool.source === 'mcp')
  const servers = [...new Set(mcp.map((tool) => tool.server ?? ''))]
  return {
    builtin: builtin.map((tool) => ({
      ...withoutOffered(tool),
      enabledByDefault: tool.offered !== false,
    })),
    servers: servers.map((identifier) => ({
      identifier,
      requiresApproval: mcp.find((tool) => tool.server === identifier)?.approval ?? true,
      enabled: 1,
      hidden: 0,
      deleted: 0,
      dataClass: 'publicContent',
    })),
    mcpTools: mcp.map((tool) => {
      const prefix = `mcp_${tool.server ?? ''}_`
      return {
        server: tool.server ?? '',
        toolName: tool.name,
        remoteName: tool.name.startsWith(prefix) ? tool.name.slice(prefix.length) : tool.name,
        parameters: tool.parameters,
        remoteAnnotations: remoteAnnotationsText(tool.remoteHints),
        orphaned: 0,
      }
    }),
    toolSwitches: mcp.map((tool) => ({ toolName: tool.name, enabled: tool.offered !== false })),
    groupSwitches: [],
  }
}

/** The built-in catalogue as the CMS exports it for `--tools`: `{ "tools": [...] }`. */
export function builtinCatalogueFile(installation: Installation): { tools: BuiltinTool[] } {
  return { tools: [...catalogueRowsOf(installation).builtin] }
}
