import { toolSchema, type BuiltinTool, type Tool } from '@/domain/contract'
import { isOffered, isServerUsable, type ToolSwitches } from '@/domain/offered-tools'
import { REMOTE_ANNOTATIONS_MAX_LENGTH, remoteHintsOf } from '@/domain/remote-hints'
import { num, text, type Database, type Row } from '../db/database'
import { MCP_SERVERS, MCP_TOOLS, TOOL_GROUP_STATES, TOOL_STATES } from '../sql/tables'
import { messageOf } from '@/domain/message-of'

/** What `/tools` serves, and the MCP rows it left out with the reason (for the log). */
export interface Catalogue {
  tools: Tool[]
  skipped: string[]
}

/** Whether a failed statement failed only because its table does not exist. */
function isMissingTable(error: unknown): boolean {
  const e = error as { code?: unknown; errno?: unknown; message?: unknown } | null
  return (
    e?.code === '42P01' ||
    e?.errno === 1146 ||
    (typeof e?.message === 'string' && /^no such table/.test(e.message))
  )
}

/** Whether a failed statement failed only because a column is missing or may not be read. */
function isUnreadableColumn(error: unknown): boolean {
  const e = error as { code?: unknown; errno?: unknown; message?: unknown } | null
  return (
    e?.code === '42703' ||
    e?.code === '42501' ||
    e?.errno === 1054 ||
    e?.errno === 1143 ||
    (typeof e?.message === 'string' && /^no such column/.test(e.message))
  )
}

/**
 * The MCP tool rows with their servers. `remote_annotations` is read up to
 * `REMOTE_ANNOTATIONS_MAX_LENGTH` characters (the database leaves out a longer one: a remote
 * server's text, with no limit in the CMS). Where it cannot be read — tables seeded by an older
 * version of this server, or a read-only user granted before the server read it — the rows are
 * read without it, and `skipped` says so: no tool then says what its server declares.
 */
async function readMcpRows(db: Database, skipped: string[]): Promise<Row[]> {
  const length = db.engine === 'mysql' ? 'CHAR_LENGTH' : 'LENGTH'
  const select = (annotations: string) =>
    db.query(
      `SELECT t.tool_name, t.remote_name, t.input_schema, t.orphaned, ${annotations},
         s.identifier, s.requires_approval, s.enabled, s.deleted, s.data_class
       FROM ${MCP_TOOLS} t LEFT JOIN ${MCP_SERVERS} s ON s.uid = t.server
       ORDER BY t.uid`,
    )
  try {
    return await select(
      `CASE WHEN ${length}(t.remote_annotations) <= ${REMOTE_ANNOTATIONS_MAX_LENGTH}
         THEN t.remote_annotations END AS remote_annotations`,
    )
  } catch (error) {
    if (!isUnreadableColumn(error)) throw error
    const rows = await select('NULL AS remote_annotations')
    const why = messageOf(error)
    skipped.push(`every MCP tool's "remoteHints": remote_annotations cannot be read (${why})`)
    return rows
  }
}

/** One switch table as name → on; empty when the table is missing (every tool at its default). */
async function readSwitchTable(
  db: Database,
  table: string,
  column: string,
): Promise<Map<string, boolean>> {
  try {
    const rows = await db.query(`SELECT ${column} AS name, enabled FROM ${table}`)
    const switches = new Map<string, boolean>()
    for (const row of rows) {
      const name = text(row.name) ?? ''
      if (name !== '') switches.set(name, num(row.enabled) === 1)
    }
    return switches
  } catch (error) {
    if (isMissingTable(error)) return new Map()
    throw error
  }
}

/** Both switch tables; null (and why, in `skipped`) when one cannot be read. */
async function readSwitches(db: Database, skipped: string[]): Promise<ToolSwitches | null> {
  try {
    const [tools, groups] = await Promise.all([
      readSwitchTable(db, TOOL_STATES, 'tool_name'),
      readSwitchTable(db, TOOL_GROUP_STATES, 'group_name'),
    ])
    return { tools, groups }
  } catch (error) {
    const why = messageOf(error)
    skipped.push(`every tool's "offered": the tool switches cannot be read (${why})`)
    return null
  }
}

/**
 * `GET /tools`: the built-in catalogue exported from the CMS, then every MCP tool row (orphaned
 * ones and those of disabled, deleted or unclassified servers too: they may have run) as the loop
 * names them (`mcp_<server>_<remote name>`), approval-bound as their server's operator says
 * (`requires_approval`: anything but 0 is yes, as the CMS reads it), and, as the CMS treats every
 * remote tool whatever its server claims, non-idempotent writes by assumption (`effectAssumed`).
 * What the server declares (`remote_annotations`) is passed on as `remoteHints`, its claim only.
 * Each tool says whether the CMS offers it now (`isOffered`: servers enabled, undeleted and
 * classified, `hidden` ignored; the tool and group switches over the defaults); when the switches
 * cannot be read, no tool says. Server URLs and credentials are never selected.
 */
export async function readTools(db: Database, builtin: readonly BuiltinTool[]): Promise<Catalogue> {
  const skipped: string[] = []
  const [rows, switches] = await Promise.all([readMcpRows(db, skipped), readSwitches(db, skipped)])
  const offered = (tool: Tool, registered: boolean, enabledByDefault?: boolean) =>
    switches === null
      ? tool
      : { ...tool, offered: isOffered({ ...tool, enabledByDefault }, registered, switches) }
  // A file exported from another installation's /tools may say `offered`: it is this one's to say.
  const tools: Tool[] = builtin.map(({ enabledByDefault, offered: _theirs, ...tool }) =>
    offered(tool, true, enabledByDefault),
  )
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
      effectAssumed: true,
      remoteHints: remoteHintsOf(text(row.remote_annotations)),
    })
    if (!tool.success) {
      skipped.push(`MCP tool ${JSON.stringify(name)}: its input_schema is not a JSON object`)
    } else if (names.has(name)) {
      skipped.push(`MCP tool ${JSON.stringify(name)}: a tool of that name is already listed`)
    } else {
      names.add(name)
      const usable =
        row.identifier !== null &&
        isServerUsable({
          enabled: num(row.enabled),
          deleted: num(row.deleted),
          dataClass: text(row.data_class) ?? '',
        })
      tools.push(offered(tool.data, usable && num(row.orphaned) === 0))
    }
  }
  return { tools, skipped }
}
