import type { JsonSchema, ToolDefinition } from './json-schema'

function external(server: string, remote: string, parameters: JsonSchema): ToolDefinition {
  const name = `mcp_${server}_${remote}`
  if (name.length > 64) throw new Error(`MCP tool name longer than 64 characters: ${name}`)
  return {
    name,
    source: 'mcp',
    server,
    group: `mcp_${server}`,
    // External tools are treated as non-idempotent writes, approval-bound unless the operator says otherwise.
    effect: 'non_idempotent_write',
    approval: true,
    input: false,
    parameters,
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
