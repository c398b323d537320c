/** Where a node of a schema tree (see schemaTree) sits in its parent. */
export type SchemaNodeRole =
  'root' | 'property' | 'items' | 'tuple-item' | 'prefix-item' | 'pattern' | 'additional'

export interface SchemaNode {
  role: SchemaNodeRole
  /** The property name, the pattern, or a position; '' for the root and for items. */
  name: string
  required: boolean
  /** Declared type names as written ([] when none is declared). */
  types: string[]
  /** The node admits null (`"null"` in its types, or `nullable: true`). */
  nullable: boolean
  /** Enum members as short JSON previews (at most ENUM_SHOWN); null without an enum. */
  enumValues: string[] | null
  enumTotal: number
  /** `additionalProperties: false`: names outside properties (and patterns) are refused. */
  closed: boolean
  description: string | null
  /** Whether the check judges values at this node. */
  judged: boolean
  /** Why it does not, in a few words ("not judged by the check: anyOf"); null when judged. */
  skipReason: string | null
  /** `$ref` targets, so a person sees what a skipped node points at. */
  refs: string[]
  /** Keywords present here that the check never refuses on (pattern, minimum, format, …). */
  ignoredKeywords: string[]
  children: SchemaNode[]
  /** Children left out because the tree reached its size or depth bound; 0 when none. */
  hiddenChildren: number
}
