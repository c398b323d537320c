import {
  bool,
  int,
  oneOf,
  params,
  str,
  strList,
  type JsonSchema,
  type ToolDefinition,
} from './json-schema'

function reading(group: string, name: string, parameters: JsonSchema): ToolDefinition {
  return {
    name,
    source: 'builtin',
    server: null,
    group,
    effect: 'read_only',
    approval: false,
    input: name === 'ask_choice',
    parameters,
  }
}

const anyMap = (): JsonSchema => ({ type: 'object', additionalProperties: true })

/** The built-in reading tools (read_only, not approval-bound), by group. */
export const READING_TOOLS: readonly ToolDefinition[] = [
  reading('content', 'get_page_content', params({ uid: int(), language: int() }, ['uid'])),
  reading(
    'content',
    'get_record_history',
    params({ table: str(), uid: int(), field: str(), limit: int() }, ['table', 'uid']),
  ),
  reading(
    'content',
    'read_records',
    params(
      {
        table: str(),
        uid: int(),
        pid: int(),
        where_equals: anyMap(),
        fields: strList(),
        limit: int(),
        offset: int(),
      },
      ['table'],
    ),
  ),
  reading(
    'content',
    'search_records',
    params({ query: str(), table: str(), limit: int() }, ['query']),
  ),
  reading(
    'structure',
    'get_flexform_schema',
    params({ table: str(), field: str(), ds_pointer: str() }, ['table', 'field']),
  ),
  reading('structure', 'get_full_tca', params({ filter: str(), extension: str() })),
  reading('structure', 'get_pagetree', params({ rootUid: int(), depth: int() })),
  reading('structure', 'get_table_schema', params({ table: str() }, ['table'])),
  reading('structure', 'get_tca', params({ table: str() })),
  reading('structure', 'read_fal_asset_meta', params({ uid: int() }, ['uid'])),
  reading('structure', 'resolve_url', params({ url: str() }, ['url'])),
  reading('structure', 'validate_tca', params({ table: str() })),
  reading('configuration', 'check_typoscript', params({ pageUid: int() }, ['pageUid'])),
  reading(
    'configuration',
    'fluid_resolve',
    params({ name: str(), type: oneOf('template', 'partial', 'layout'), extension: str() }, [
      'name',
    ]),
  ),
  reading('configuration', 'get_site_config', params({ identifier: str() })),
  reading('configuration', 'get_tsconfig', params({ pageUid: int(), path: str() }, ['pageUid'])),
  reading(
    // The code falls back to the site root without pageUid; the schema still requires it.
    'configuration',
    'get_typoscript',
    params({ pageUid: int(), type: oneOf('setup', 'constants'), path: str() }, ['pageUid']),
  ),
  reading('files', 'browse_fal_folder', params({ folder: str(), storage: int() })),
  reading('files', 'find_missing_files', params({ storage: int(), limit: int() })),
  reading('files', 'get_fal_references', params({ uid: int() }, ['uid'])),
  reading('files', 'list_fal_storages', params({})),
  reading(
    'files',
    'search_fal_files',
    params({ query: str(), storage: int(), limit: int() }, ['query']),
  ),
  reading('code', 'get_last_exception', params({ index: int(), search: str() })),
  reading('code', 'read_source', params({ path: str(), from_line: int(), lines: int() }, ['path'])),
  reading(
    'code',
    'search_code',
    params({ pattern: str(), regex: bool(), path: str(), max_results: int() }, ['pattern']),
  ),
  reading('system', 'fetch_logs', params({ level: str(), limit: int() })),
  reading('system', 'get_env', params({})),
  reading('system', 'get_php_info', params({})),
  reading('system', 'get_system_status', params({})),
  reading('system', 'list_deprecations', params({ limit: int() })),
  reading('system', 'list_extensions', params({})),
  reading('system', 'list_middlewares', params({ stack: oneOf('frontend', 'backend') })),
  reading('system', 'list_scheduler_tasks', params({})),
  reading('system', 'probe_url', params({ url: str() }, ['url'])),
  reading('accounts', 'list_be_groups', params({})),
  reading('accounts', 'list_be_users', params({})),
  reading('rag', 'site_fetch_source', params({ source_id: str() }, ['source_id'])),
  reading(
    'rag',
    'site_rag_query',
    params({ question: str(), site: str(), language: int(), max_sources: int() }, ['question']),
  ),
  reading(
    'interaction',
    'ask_choice',
    params({ question: str(), options: strList() }, ['question', 'options']),
  ),
]
