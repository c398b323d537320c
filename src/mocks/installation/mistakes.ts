import type { Arguments } from './arguments'
import type { JsonSchema, ToolDefinition } from './catalogue'
import { pickOne, pickWeighted, type Rng } from './prng'

/**
 * How the simulated model got a call wrong. `defaulted` leaves out a required argument that the
 * tool's code defaults (it used to run fine); `semantic` sends well-formed values the tool itself
 * rejects (no schema can tell); the others are shapes the argument check names.
 */
export type Mistake =
  'missing' | 'null' | 'kind' | 'enum' | 'additional' | 'opaque' | 'semantic' | 'defaulted'

/** Required arguments that the tool's code defaults although its schema requires them. */
export const DEFAULTED_ARGUMENT: Readonly<Record<string, string>> = {
  move_content_element: 'target_page',
  get_typoscript: 'pageUid',
}

const isSchema = (node: unknown): node is JsonSchema =>
  typeof node === 'object' && node !== null && !Array.isArray(node)

interface Shape {
  properties: Record<string, JsonSchema>
  required: string[]
  closed: boolean
}

function shapeOf(schema: JsonSchema): Shape {
  const properties: Record<string, JsonSchema> = {}
  if (isSchema(schema.properties)) {
    for (const [key, node] of Object.entries(schema.properties)) {
      if (isSchema(node)) properties[key] = node
    }
  }
  const required = Array.isArray(schema.required)
    ? schema.required.filter((key): key is string => typeof key === 'string')
    : []
  return { properties, required, closed: schema.additionalProperties === false }
}

const isOpaque = (node: JsonSchema): boolean => '$ref' in node || 'anyOf' in node
const plainKeys = (shape: Shape): string[] =>
  Object.keys(shape.properties).filter((key) => !isOpaque(shape.properties[key] ?? {}))

/** A value of the wrong kind for a node: a list for text or numbers, text for an object, … */
function wrongKind(node: JsonSchema): unknown {
  const type = Array.isArray(node.type) ? node.type[0] : node.type
  if (type === 'object') return 'see above'
  if (type === 'array') return { first: 'value' }
  if (type === 'string') return ['first', 'second']
  return { value: 12 }
}

/**
 * Spoils `args` in place the way a model commonly does for this tool and returns what it did.
 * The choice depends only on the schema and the stream, so a seed replays it exactly.
 */
export function applyMistake(tool: ToolDefinition, args: Arguments, rng: Rng): Mistake {
  const shape = shapeOf(tool.parameters)
  const plain = plainKeys(shape)
  const requiredPlain = shape.required.filter((key) => plain.includes(key))
  const enums = plain.filter((key) => Array.isArray(shape.properties[key]?.enum))
  const opaque = Object.keys(shape.properties).filter((key) => !plain.includes(key))
  const options: [Mistake, number][] = [
    ['kind', plain.length > 0 ? 35 : 0],
    ['semantic', 18],
  ]
  options.push(['missing', requiredPlain.length > 0 ? 16 : 0])
  options.push(['null', requiredPlain.length > 0 ? 8 : 0])
  options.push(['enum', enums.length > 0 ? 8 : 0], ['additional', shape.closed ? 15 : 0])
  options.push(['opaque', opaque.length > 0 ? 40 : 0])
  const mistake = pickWeighted(rng, options)
  switch (mistake) {
    case 'kind': {
      const key = pickOne(rng, plain)
      args[key] = wrongKind(shape.properties[key] ?? {})
      break
    }
    case 'missing':
      delete args[pickOne(rng, requiredPlain)]
      break
    case 'null':
      args[pickOne(rng, requiredPlain)] = null
      break
    case 'enum':
      args[pickOne(rng, enums)] = 'default'
      break
    case 'additional':
      args[pickOne(rng, ['page_uid', 'lang', 'dry_run', 'record'])] = 1
      break
    case 'opaque':
      // Inside $ref / anyOf the check does not judge: the remote server refuses instead.
      args[pickOne(rng, opaque)] = 404
      break
    default:
      // Well-formed but wrong (a uid that is no record): only the tool itself can tell.
      for (const key of plain) if (typeof args[key] === 'number') args[key] = 0
  }
  return mistake
}

/** Leaves out the argument the tool's code defaults; `defaulted`, or null when the tool has none. */
export function omitDefaulted(tool: ToolDefinition, args: Arguments): Mistake | null {
  const key = DEFAULTED_ARGUMENT[tool.name]
  if (key === undefined) return null
  delete args[key]
  return 'defaulted'
}
