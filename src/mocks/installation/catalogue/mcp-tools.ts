import { remoteHintsOf } from '@/domain/remote-hints'
import type { JsonSchema, ToolDefinition } from './json-schema'

/**
 * The `annotations` block each server sent with its tools, as the CMS stores it verbatim in
 * `remote_annotations`: `dam` marks its lookups read-only, `termbase` annotates only its lookup
 * (with a hint of the wrong type, which says nothing); the other tools sent none.
 */
export const MCP_ANNOTATIONS: Readonly<Record<string, string>> = {
  mcp_dam_search_assets: '{"title":"Search assets","readOnlyHint":true,"openWorldHint":false}',
  mcp_dam_get_asset: '{"readOnlyHint":true,"idempotentHint":true}',
  mcp_dam_update_asset_metadata:
    '{"readOnlyHint":false,"destructiveHint":false,"idempotentHint":true}',
  mcp_termbase_lookup_term: '{"readOnlyHint":true,"destructiveHint":"no"}',
}

function external(server: string, remote: string, parameters: JsonSchema): ToolDefinition {
  const name = `mcp_${server}_${remote}`
  if (name.length > 64) throw new Error(`MCP tool name longer than 64 characters: ${name}`)
  return {
    name,
    source: 'mcp',
    server,
    group: `mcp_${server}`,
    // The CMS takes every remote tool for a non-idempotent write, whatever its server says;
    // approval is the operator's, on the server row (every demo server asks).
    effect: 'non_idempotent_write',
    approval: true,
    input: false,
    parameters,
    effectAssumed: true,
    remoteHints: remoteHintsOf(MCP_ANNOTATIONS[name]),
  }
}

const damDefs: JsonSchema = {
  assetId: { type: 'string', pattern: '^ast_[0-9a-z]+$' },
  filter: {
    type: 'object',
    properties: {
      mime: { type: ['string', 'null'] },
      collection: { anyOf: [{ type: 'string' }, { type: 'integer' }] },
    },
  },
}

const termDefs: JsonSchema = {
  locale: { type: 'string', enum: ['de-DE', 'en-GB', 'en-US', 'fr-FR', 'it-IT', 'nl-NL'] },
}

/** Digital asset management server: search, read, update asset metadata. */
const DAM_TOOLS = [
  external('dam', 'search_assets', {
    type: 'object',
    $defs: damDefs,
    properties: {
      query: { type: 'string' },
      filter: { $ref: '#/$defs/filter' },
      limit: { type: ['integer', 'null'] },
      cursor: { anyOf: [{ type: 'string' }, { type: 'null' }] },
    },
    required: ['query'],
  }),
  external('dam', 'get_asset', {
    type: 'object',
    $defs: damDefs,
    properties: {
      asset_id: { $ref: '#/$defs/assetId' },
      renditions: { type: 'boolean', nullable: true },
    },
    required: ['asset_id'],
  }),
  external('dam', 'update_asset_metadata', {
    type: 'object',
    $defs: damDefs,
    properties: {
      asset_id: { $ref: '#/$defs/assetId' },
      title: { type: ['string', 'null'] },
      alt_text: {
        anyOf: [{ type: 'string' }, { type: 'object', additionalProperties: { type: 'string' } }],
      },
      tags: { type: 'array', items: { type: 'string' } },
    },
    required: ['asset_id', 'title'],
    additionalProperties: false,
  }),
]

/** Terminology server: look up terms, suggest translations, add terms. */
const TERMBASE_TOOLS = [
  external('termbase', 'lookup_term', {
    type: 'object',
    $defs: termDefs,
    properties: {
      term: { type: 'string' },
      source_locale: { $ref: '#/$defs/locale' },
      target_locale: { $ref: '#/$defs/locale' },
      domain: { type: 'string', nullable: true },
    },
    required: ['term', 'source_locale', 'target_locale'],
  }),
  external('termbase', 'suggest_translation', {
    type: 'object',
    $defs: termDefs,
    properties: {
      segment: { type: 'string' },
      target_locale: { $ref: '#/$defs/locale' },
      context: { anyOf: [{ type: 'string' }, { type: 'null' }] },
      max_suggestions: { type: ['integer', 'null'] },
    },
    required: ['segment', 'target_locale'],
  }),
  external('termbase', 'add_term', {
    type: 'object',
    $defs: termDefs,
    properties: {
      term: { type: 'string' },
      translation: { type: 'string' },
      locale: { $ref: '#/$defs/locale' },
      status: { type: 'string', enum: ['proposed', 'approved'] },
      note: { type: ['string', 'null'] },
    },
    required: ['term', 'translation', 'locale', 'status'],
    additionalProperties: false,
  }),
]

/** The two MCP servers the demo installation offers. */
export const MCP_TOOLS: readonly ToolDefinition[] = [...DAM_TOOLS, ...TERMBASE_TOOLS]
