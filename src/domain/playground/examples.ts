import type { Tool } from '../contract'

export type ExampleId = 'integer-text' | 'list-for-object' | 'enum-case' | 'missing' | 'excluded'

/** One ADR 246 example applied to a tool of this catalogue. */
export interface PlaygroundExample {
  id: ExampleId
  /** The ADR's words for the case. */
  label: string
  /** What the ADR says the check answers: the call passes, or it is refused. */
  expected: 'passes' | 'refused'
  tool: string
  /** The arguments as pretty-printed JSON, ready for the editor. */
  args: string
}

type CatalogueTool = Pick<Tool, 'name' | 'parameters' | 'effect'>
type Node = Record<string, unknown>

const isRecord = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const SKIPPED = ['$ref', 'oneOf', 'anyOf', 'allOf', 'not', 'if']

/** The single plain type of a judged schema node, or null (unions, skipped nodes, no type). */
function plainType(node: unknown): string | null {
  if (!isRecord(node) || SKIPPED.some((k) => Object.hasOwn(node, k))) return null
  return typeof node.type === 'string' ? node.type : null
}

/** A value of a node's kind that the check lets through: a sample for a filled-in argument. */
function sample(node: unknown): unknown {
  if (isRecord(node) && Array.isArray(node.enum) && node.enum.length > 0) return node.enum[0]
  switch (plainType(node)) {
    case 'integer':
    case 'number':
      return 1
    case 'boolean':
      return true
    case 'array':
      return []
    case 'object':
      return {}
    default:
      return 'text'
  }
}

interface Shape {
  tool: string
  props: Node
  required: string[]
  closed: boolean
}

function shapeOf(tool: CatalogueTool): Shape | null {
  const root = tool.parameters
  if (plainType(root) !== 'object' || !isRecord(root.properties)) return null
  const required = Array.isArray(root.required)
    ? root.required.filter((n): n is string => typeof n === 'string')
    : []
  return {
    tool: tool.name,
    props: root.properties,
    required,
    closed: root.additionalProperties === false,
  }
}

/** The required arguments filled with passing samples, then `change` applied. */
function argsOf(shape: Shape, change: Node, drop: string | null = null): string {
  const args: Node = Object.create(null) as Node
  for (const name of shape.required) if (name !== drop) args[name] = sample(shape.props[name])
  return JSON.stringify({ ...args, ...change }, null, 2)
}

/** The first property (required ones first) whose node satisfies `test`. */
function findProp(shape: Shape, test: (node: unknown) => boolean): string | null {
  const names = [...shape.required, ...Object.keys(shape.props)]
  return names.find((name) => Object.hasOwn(shape.props, name) && test(shape.props[name])) ?? null
}

/** Text with a lower-case letter, so its upper-case spelling differs. */
const isLower = (v: unknown): v is string => typeof v === 'string' && v.toUpperCase() !== v

const enumWithLetters = (node: unknown) =>
  plainType(node) === 'string' &&
  isRecord(node) &&
  Array.isArray(node.enum) &&
  node.enum.some(isLower)

/**
 * The ADR's examples, each on the first tool of `catalogue` that fits it (writing tools first,
 * as they are the ones the check was made for): "5" for an integer, a list for an object, an
 * enum value in another letter case (these pass), a missing required argument and an argument
 * excluded by additionalProperties: false (these are refused). An example no tool fits is left
 * out; an empty catalogue gives none.
 */
export function playgroundExamples(catalogue: readonly CatalogueTool[]): PlaygroundExample[] {
  const ordered = [
    ...catalogue.filter((t) => t.effect !== 'read_only'),
    ...catalogue.filter((t) => t.effect === 'read_only'),
  ]
  const shapes = ordered.map(shapeOf).filter((s): s is Shape => s !== null)
  const out: PlaygroundExample[] = []
  const add = (
    id: ExampleId,
    label: string,
    expected: PlaygroundExample['expected'],
    build: (shape: Shape) => string | null,
  ) => {
    for (const shape of shapes) {
      const args = build(shape)
      if (args !== null) {
        out.push({ id, label, expected, tool: shape.tool, args })
        return
      }
    }
  }
  add('integer-text', 'The text "5" for an integer', 'passes', (s) => {
    const name = findProp(s, (n) => plainType(n) === 'integer')
    return name === null ? null : argsOf(s, { [name]: '5' })
  })
  add('list-for-object', 'A list where an object is declared', 'passes', (s) => {
    const name = findProp(s, (n) => plainType(n) === 'object')
    return name === null ? null : argsOf(s, { [name]: ['first', 'second'] })
  })
  add('enum-case', 'An enum value in another letter case', 'passes', (s) => {
    const name = findProp(s, enumWithLetters)
    const node = name === null ? null : s.props[name]
    const value = isRecord(node) && Array.isArray(node.enum) ? node.enum.find(isLower) : undefined
    return name === null || value === undefined ? null : argsOf(s, { [name]: value.toUpperCase() })
  })
  add('missing', 'A missing required argument', 'refused', (s) => {
    const missing = s.required.find((name) => Object.hasOwn(s.props, name))
    if (missing === undefined) return null
    const optional = Object.keys(s.props).find((name) => !s.required.includes(name))
    const extra = optional === undefined ? {} : { [optional]: sample(s.props[optional]) }
    return argsOf(s, extra, missing)
  })
  add('excluded', 'An argument excluded by additionalProperties: false', 'refused', (s) => {
    if (!s.closed) return null
    let name = 'comment'
    while (Object.hasOwn(s.props, name)) name = `${name}_`
    return argsOf(s, { [name]: 'text' })
  })
  return out
}

/**
 * Arguments to start editing a tool's call with: its required arguments filled with values the
 * check lets through. A schema without readable properties gives `{}`.
 */
export function starterArgs(parameters: unknown): string {
  const shape = shapeOf({
    name: '',
    parameters: isRecord(parameters) ? parameters : {},
    effect: 'read_only',
  })
  return shape === null ? '{}' : argsOf(shape, {})
}
