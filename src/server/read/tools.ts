import { toolSchema, type Tool } from '@/domain/contract'
import { num, text, type Database } from '../db/database'
import { MCP_SERVERS, MCP_TOOLS } from '../sql/tables'

/** What `/tools` serves, and the MCP rows it left out with the reason (for the log). */
export interface Catalogue {
  tools: Tool[]
  skipped: string[]
}

/**
 * `GET /tools`: the built-in catalogue exported from the CMS, then the MCP tools currently
 * offered — rows of enabled, visible, undeleted servers that are not orphaned — as the loop
 * names them (`mcp_<server>_<remote name>`), treated as non-idempotent writes, approval-bound as
 * their server says. Server URLs and credentials are never selected.
 */
export async function readTools(db: Database, builtin: readonly Tool[]): Promise<Catalogue> {
  const rows = await db.query(
    `SELECT t.tool_name, t.remote_name, t.input_schema, s.identifier, s.requires_approval
     FROM ${MCP_TOOLS} t JOIN ${MCP_SERVERS} s ON s.uid = t.server
     WHERE t.orphaned = 0 AND s.enabled = 1 AND s.hidden = 0 AND s.deleted = 0
     ORDER BY t.uid`,
  )
  const tools = [...builtin]
  const skipped: string[] = []
  const names = new Set(tools.map((tool) => tool.name))
  for (const row of rows) {
    const server = text(row.identifier) ?? ''
    const name = text(row.tool_name) || `mcp_${server}_${text(row.remote_name) ?? ''}`
    let parameters: unknown
    try {
      parameters = JSON.parse(text(row.input_schema) ?? '')
    } catch {
      parameters = undefined
    }
    const tool = toolSchema.safeParse({
      name,
      source: 'mcp',
      server,
      group: `mcp_${server}`,
      effect: 'non_idempotent_write',
      approval: num(row.requires_approval) !== 0,
      input: false,
      parameters,
    })
    if (!tool.success) {
      skipped.push(`MCP tool ${JSON.stringify(name)}: its input_schema is not a JSON object`)
    } else if (names.has(name)) {
      skipped.push(`MCP tool ${JSON.stringify(name)}: a tool of that name is already listed`)
    } else {
      names.add(name)
      tools.push(tool.data)
    }
  }
  return { tools, skipped }
}
