import { toolIndex } from './catalogue'
import { weightedTable, type WeightedTable } from './prng'

/** One agent configuration: how often it runs, how long, and which tools it favours. */
export interface Configuration {
  readonly name: string
  /** Share of all runs. */
  readonly weight: number
  /** Executed tool calls of a typical run, inclusive range. */
  readonly calls: readonly [number, number]
  /** Base chance that a call of a turn is a "late" (mostly writing) tool. */
  readonly writeShare: number
  /** Chance that a turn is a question to the user (`ask_choice`). */
  readonly askRate: number
  /** Early tools (looking around) and late tools (acting), as catalogue indices with weights. */
  readonly early: WeightedTable<number>
  readonly late: WeightedTable<number>
}

type Weights = Record<string, number>

const resolve = (weights: Weights): WeightedTable<number> =>
  weightedTable(Object.entries(weights).map(([name, weight]) => [toolIndex(name), weight] as const))

function configuration(
  name: string,
  weight: number,
  calls: readonly [number, number],
  writeShare: number,
  askRate: number,
  early: Weights,
  late: Weights,
): Configuration {
  return { name, weight, calls, writeShare, askRate, early: resolve(early), late: resolve(late) }
}

/** The demo installation's agent configurations. */
export const CONFIGURATIONS: readonly Configuration[] = [
  configuration(
    'page-editor',
    0.3,
    [2, 9],
    0.45,
    0.05,
    {
      get_pagetree: 4,
      get_page_content: 8,
      read_records: 4,
      search_records: 3,
      get_tca: 1,
      get_table_schema: 1,
      get_record_history: 1,
      get_flexform_schema: 0.5,
      get_typoscript: 1,
    },
    {
      update_content_element: 30,
      create_content_element_draft: 30,
      update_page_metadata: 22,
      create_page_draft: 9,
      attach_file_to_content_element: 5,
      move_content_element: 8,
      get_page_content: 2,
    },
  ),
  configuration(
    'translator',
    0.18,
    [2, 8],
    0.35,
    0.03,
    {
      get_page_content: 8,
      read_records: 4,
      get_site_config: 2,
      site_rag_query: 1,
      mcp_termbase_lookup_term: 1.5,
      mcp_termbase_suggest_translation: 1,
    },
    {
      create_translation_draft: 70,
      update_content_element: 16,
      mcp_termbase_add_term: 6,
      update_page_metadata: 4,
    },
  ),
  configuration(
    'seo-assistant',
    0.22,
    [3, 10],
    0.42,
    0.02,
    {
      get_page_content: 8,
      get_pagetree: 4,
      resolve_url: 2,
      probe_url: 2,
      site_rag_query: 2,
      site_fetch_source: 1,
      get_typoscript: 2,
      get_site_config: 1,
    },
    { update_page_metadata: 85, update_content_element: 6, get_page_content: 5 },
  ),
  configuration(
    'asset-librarian',
    0.15,
    [2, 8],
    0.32,
    0.02,
    {
      search_fal_files: 6,
      browse_fal_folder: 4,
      read_fal_asset_meta: 5,
      find_missing_files: 2,
      get_fal_references: 3,
      list_fal_storages: 1,
      mcp_dam_search_assets: 1.5,
      mcp_dam_get_asset: 1,
    },
    {
      set_file_alternative_text: 60,
      attach_file_to_content_element: 20,
      mcp_dam_update_asset_metadata: 20,
    },
  ),
  configuration(
    'site-auditor',
    0.15,
    [3, 11],
    0.03,
    0,
    {
      get_system_status: 5,
      list_extensions: 3,
      list_deprecations: 3,
      fetch_logs: 4,
      get_last_exception: 3,
      check_typoscript: 3,
      validate_tca: 2,
      get_full_tca: 1,
      find_missing_files: 2,
      probe_url: 2,
      list_scheduler_tasks: 1,
      get_env: 1,
      get_php_info: 1,
      list_middlewares: 1,
      search_code: 2,
      read_source: 2,
      list_be_users: 1,
      list_be_groups: 1,
      fluid_resolve: 1,
      get_tsconfig: 1,
      get_typoscript: 1,
    },
    { update_page_metadata: 1, set_file_alternative_text: 1 },
  ),
]

/** The configuration at an index; throws when out of range. */
export function configurationAt(index: number): Configuration {
  const found = CONFIGURATIONS[index]
  if (found === undefined) throw new Error(`no configuration at index ${index}`)
  return found
}
