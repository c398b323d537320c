import { describe, expect, it } from 'vitest'
import { toolSchema } from '@/domain/contract'
import { CATALOGUE, DEMO_TOOLS } from '.'

const BUILTIN_KEYWORDS = new Set([
  'type',
  'properties',
  'required',
  'enum',
  'items',
  'additionalProperties',
])

function keywords(node: unknown, found: Set<string>): Set<string> {
  if (typeof node !== 'object' || node === null) return found
  for (const [key, value] of Object.entries(node)) {
    found.add(key)
    if (key === 'properties' || key === '$defs') {
      for (const child of Object.values(value as object)) keywords(child, found)
    } else if (key === 'anyOf') {
      for (const child of value as unknown[]) keywords(child, found)
    } else if (key === 'items' || key === 'additionalProperties') keywords(value, found)
  }
  return found
}

describe('the tool catalogue', () => {
  it('has every tool once, each fitting the contract', () => {
    expect(new Set(CATALOGUE.map((t) => t.name)).size).toBe(CATALOGUE.length)
    for (const tool of CATALOGUE) expect(toolSchema.safeParse(tool).success, tool.name).toBe(true)
    expect(CATALOGUE.filter((t) => t.source === 'builtin')).toHaveLength(47)
  })

  it('uses only the built-in keywords in built-in schemas', () => {
    for (const tool of CATALOGUE.filter((t) => t.source === 'builtin')) {
      const used = keywords(tool.parameters, new Set())
      expect(
        [...used].filter((k) => !BUILTIN_KEYWORDS.has(k)),
        tool.name,
      ).toEqual([])
    }
  })

  it('offers two MCP servers with three tools or more, named and shaped as the loop does', () => {
    const mcp = CATALOGUE.filter((t) => t.source === 'mcp')
    for (const server of ['dam', 'termbase']) {
      const tools = mcp.filter((t) => t.server === server)
      expect(tools.length).toBeGreaterThanOrEqual(3)
      for (const tool of tools) {
        expect(tool.name.startsWith(`mcp_${server}_`)).toBe(true)
        expect(tool.name.length).toBeLessThanOrEqual(64)
        expect(tool).toMatchObject({ effect: 'non_idempotent_write', approval: true })
      }
    }
    const text = JSON.stringify(mcp.map((t) => t.parameters))
    for (const needle of ['"$ref"', '"anyOf"', '"nullable":true', '"null"']) {
      expect(text).toContain(needle)
    }
  })

  it('serves every MCP tool as an assumed write, some with what their server declares', () => {
    const mcp = DEMO_TOOLS.filter((t) => t.source === 'mcp')
    for (const tool of mcp) {
      expect(tool, tool.name).toMatchObject({ effect: 'non_idempotent_write', effectAssumed: true })
    }
    const hints = Object.fromEntries(mcp.map((t) => [t.name, t.remoteHints]))
    // The server's read-only lookups stay writes by assumption, approval-bound as their server is.
    expect(hints.mcp_dam_search_assets).toEqual({ readOnlyHint: true, openWorldHint: false })
    expect(hints.mcp_termbase_lookup_term).toEqual({ readOnlyHint: true })
    expect(hints.mcp_dam_delete_asset).toEqual({ readOnlyHint: false, destructiveHint: true })
    expect(mcp.filter((t) => t.remoteHints === undefined).map((t) => t.name)).toEqual([
      'mcp_termbase_suggest_translation',
      'mcp_termbase_add_term',
      'mcp_crm_find_contact',
    ])
    expect(DEMO_TOOLS.filter((t) => t.source === 'builtin' && 'remoteHints' in t)).toEqual([])
  })

  it('marks only ask_choice input-bound and only writing tools approval-bound among built-ins', () => {
    const builtin = CATALOGUE.filter((t) => t.source === 'builtin')
    expect(builtin.filter((t) => t.input).map((t) => t.name)).toEqual(['ask_choice'])
    for (const tool of builtin) expect(tool.approval).toBe(tool.effect !== 'read_only')
  })
})
