/**
 * Test and bench fixtures: the parameter schemas of the catalogue's writing tools, written from
 * docs/reference/agent-loop.md (built-in schemas use only type, description, properties, required, enum,
 * items and boolean additionalProperties). Not the catalogue itself — that lives elsewhere.
 */
const int = (description: string) => ({ type: 'integer', description })
const text = (description: string) => ({ type: 'string', description })

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
]

export const writingToolSchemas: Record<string, Record<string, unknown>> = {
  update_page_metadata: {
    type: 'object',
    properties: {
      uid: int('The uid of the page.'),
      ...Object.fromEntries(PAGE_FIELDS.map((field) => [field, text(`New value of ${field}.`)])),
    },
    required: ['uid'],
    additionalProperties: false,
  },
  update_content_element: {
    type: 'object',
    properties: {
      uid: int('The uid of the content element.'),
      fields: {
        type: 'object',
        description: 'Field values by column.',
        additionalProperties: true,
      },
    },
    required: ['uid', 'fields'],
    additionalProperties: false,
  },
  create_content_element_draft: {
    type: 'object',
    properties: {
      page: int('The page uid.'),
      type: text('The CType.'),
      header: text('The header.'),
      bodytext: text('The body text.'),
      column: int('The colPos.'),
      language: int('The language uid.'),
      after_content_uid: int('Insert after this element.'),
      fields: { type: 'object', description: 'Further fields.', additionalProperties: true },
    },
    required: ['page', 'type', 'header'],
    additionalProperties: false,
  },
  create_page_draft: {
    type: 'object',
    properties: {
      parent: int('The parent page uid.'),
      title: text('The page title.'),
      nav_title: text('The navigation title.'),
      after_page_uid: int('Insert after this page.'),
    },
    required: ['parent', 'title'],
    additionalProperties: false,
  },
  create_translation_draft: {
    type: 'object',
    properties: {
      table: { type: 'string', enum: ['pages', 'tt_content'], description: 'The table.' },
      uid: int('The record uid.'),
      language: int('The target language uid.'),
      overwrite: { type: 'boolean', description: 'Replace an existing translation.' },
    },
    required: ['table', 'uid', 'language'],
    additionalProperties: false,
  },
  set_file_alternative_text: {
    type: 'object',
    properties: { uid: int('The file uid.'), alternative: text('The alternative text.') },
    required: ['uid', 'alternative'],
    additionalProperties: false,
  },
  move_content_element: {
    type: 'object',
    properties: {
      uid: int('The content element uid.'),
      target_page: int('The target page uid.'),
      column: int('The colPos.'),
      after_content_uid: int('Insert after this element.'),
    },
    required: ['uid', 'target_page'],
    additionalProperties: false,
  },
  attach_file_to_content_element: {
    type: 'object',
    properties: {
      content_element: int('The content element uid.'),
      file: int('The file uid.'),
      field: { type: 'string', enum: ['image', 'assets', 'media'], description: 'The field.' },
      title: text('The title.'),
      alternative: text('The alternative text.'),
      description: text('The description.'),
    },
    required: ['content_element', 'file'],
    additionalProperties: false,
  },
}

/** For each writing tool: arguments that fit its schema, and arguments a model got wrong. */
export const writingToolCalls: Record<string, { valid: unknown; invalid: unknown }> = {
  update_page_metadata: {
    valid: { uid: 12, title: 'Welcome', seo_title: 'Welcome to our site' },
    invalid: { uid: null, titel: 'Welcome', description: ['too', 'many'] },
  },
  update_content_element: {
    valid: { uid: 7, fields: { header: 'New header', bodytext: '<p>Text</p>' } },
    invalid: { uid: 7, fields: 'header=New header' },
  },
  create_content_element_draft: {
    valid: { page: 3, type: 'text', header: 'News', bodytext: 'Hello', column: 0 },
    invalid: { page: 3, type: 'text', column: [0], language: { uid: 1 } },
  },
  create_page_draft: {
    valid: { parent: 1, title: 'About us', nav_title: 'About' },
    invalid: { parent: '1', nav_title: 'About' },
  },
  create_translation_draft: {
    valid: { table: 'tt_content', uid: 42, language: 1, overwrite: false },
    invalid: { table: 'sys_file', uid: 42, language: 1 },
  },
  set_file_alternative_text: {
    valid: { uid: 99, alternative: 'A red bicycle leaning on a wall' },
    invalid: { uid: { id: 99 }, alternative: null },
  },
  move_content_element: {
    valid: { uid: 5, target_page: 8, column: 1 },
    invalid: { uid: 5, target: 8 },
  },
  attach_file_to_content_element: {
    valid: { content_element: 5, file: 31, field: 'image', alternative: 'Logo' },
    invalid: { content_element: 5, file: 31, field: 'gallery' },
  },
}
