import {
  anyObject,
  bool,
  int,
  oneOf,
  params,
  str,
  type JsonSchema,
  type ToolDefinition,
} from './json-schema'

const PAGE_FIELDS = [
  'title',
  'subtitle',
  'nav_title',
  'abstract',
  'description',
  'keywords',
  'seo_title',
  'og_title',
  'og_description',
  'twitter_title',
  'twitter_description',
] as const

function writing(
  name: string,
  effect: 'idempotent_write' | 'non_idempotent_write',
  parameters: JsonSchema,
): ToolDefinition {
  return {
    name,
    source: 'builtin',
    server: null,
    group: 'editing',
    effect,
    approval: true,
    input: false,
    parameters,
  }
}

/** The built-in writing tools (group `editing`, all approval-bound through their write effect). */
export const WRITING_TOOLS: readonly ToolDefinition[] = [
  writing(
    'update_page_metadata',
    'idempotent_write',
    params(
      { uid: int(), ...Object.fromEntries(PAGE_FIELDS.map((field) => [field, str()])) },
      ['uid'],
      true,
    ),
  ),
  writing(
    'update_content_element',
    'idempotent_write',
    params({ uid: int(), fields: anyObject() }, ['uid', 'fields'], true),
  ),
  writing(
    'create_content_element_draft',
    'non_idempotent_write',
    params(
      {
        page: int(),
        type: str(),
        header: str(),
        bodytext: str(),
        column: int(),
        language: int(),
        after_content_uid: int(),
        fields: anyObject(),
      },
      ['page', 'type', 'header'],
      true,
    ),
  ),
  writing(
    'create_page_draft',
    'non_idempotent_write',
    params(
      { parent: int(), title: str(), nav_title: str(), after_page_uid: int() },
      ['parent', 'title'],
      true,
    ),
  ),
  writing(
    'create_translation_draft',
    'non_idempotent_write',
    params(
      { table: oneOf('pages', 'tt_content'), uid: int(), language: int(), overwrite: bool() },
      ['table', 'uid', 'language'],
      true,
    ),
  ),
  writing(
    'set_file_alternative_text',
    'idempotent_write',
    params({ uid: int(), alternative: str() }, ['uid', 'alternative'], true),
  ),
  writing(
    // The code defaults target_page to the element's own page; the schema still requires it.
    'move_content_element',
    'idempotent_write',
    params(
      { uid: int(), target_page: int(), column: int(), after_content_uid: int() },
      ['uid', 'target_page'],
      true,
    ),
  ),
  writing(
    'attach_file_to_content_element',
    'non_idempotent_write',
    params(
      {
        content_element: int(),
        file: int(),
        field: oneOf('image', 'assets', 'media'),
        title: str(),
        alternative: str(),
        description: str(),
      },
      ['content_element', 'file'],
      true,
    ),
  ),
]
