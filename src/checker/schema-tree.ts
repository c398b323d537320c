/**
 * A tool's JSON Schema as a tree a person can read, marking what the ADR 246 check judges and
 * what it skips. The skipped keywords, the depth bound, the type names and the closed-object rule
 * are the check's own (schema-plan.ts, kinds.ts); schema-tree.test.ts runs both over the demo
 * catalogue.
 */

import { T_UNKNOWN, parseType } from './kinds'
import type { SchemaNode, SchemaNodeRole } from './schema-node'
import { MAX_DEPTH, SKIPPED_KEYWORDS, closedRule } from './schema-plan'

export type { SchemaNode, SchemaNodeRole } from './schema-node'

/** The tree shows at most this many nodes; the rest are counted as hidden. */
export const MAX_NODES = 400
export const ENUM_SHOWN = 12
const TEXT = 160

const REF_KEYWORDS = ['$ref', '$dynamicRef', '$recursiveRef']
/** Keywords the tree shows itself, or that only annotate. */
const READ = new Set<string>([
  ...SKIPPED_KEYWORDS,
  'type',
  'nullable',
  'enum',
  'required',
  'properties',
  'patternProperties',
  'additionalProperties',
  'items',
  'prefixItems',
  'description',
  'title',
  'default',
  'examples',
  '$schema',
  '$id',
  '$defs',
  'definitions',
  '$comment',
  'then',
  'else',
])

type Node = Record<string, unknown>
const isRecord = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const cut = (text: string, max = TEXT) => (text.length > max ? `${text.slice(0, max - 1)}…` : text)

/** A short JSON preview of an enum member; never throws. */
function previewValue(value: unknown): string {
  try {
    return cut(JSON.stringify(value) ?? String(value), 40)
  } catch {
    return typeof value
  }
}

interface Budget {
  left: number
}

interface Place {
  role: SchemaNodeRole
  name: string
  required: boolean
  depth: number
  /** The check reaches this node (a parent it skips, or a keyword it does not follow, stops it). */
  reached: boolean
  /** Why the check does not reach it, when it does not. */
  unreachedReason: string | null
}

/**
 * Reads a JSON Schema into a {@link SchemaNode} tree. Never throws and never recurses without
 * bound: whatever it is given (true, null, a cycle, a megabyte, 1,000 levels), the tree holds
 * at most {@link MAX_NODES} nodes and counts what it left out in `hiddenChildren`. A schema that
 * is not an object gives a root the check does not judge.
 */
export function schemaTree(schema: unknown): SchemaNode {
  const budget: Budget = { left: MAX_NODES - 1 }
  return read(
    schema,
    {
      role: 'root',
      name: '',
      required: false,
      depth: 0,
      reached: true,
      unreachedReason: null,
    },
    budget,
  )
}

function emptyNode(place: Place): SchemaNode {
  return {
    role: place.role,
    name: cut(place.name),
    required: place.required,
    types: [],
    nullable: false,
    enumValues: null,
    enumTotal: 0,
    closed: false,
    description: null,
    judged: false,
    skipReason: null,
    refs: [],
    ignoredKeywords: [],
    children: [],
    hiddenChildren: 0,
  }
}

function read(schema: unknown, place: Place, budget: Budget): SchemaNode {
  const node = emptyNode(place)
  try {
    describe(schema, node, place, budget)
  } catch {
    // A getter or proxy that throws: show the node as unreadable rather than fail the page.
    node.judged = false
    node.skipReason = 'not judged by the check: the schema could not be read'
  }
  return node
}

function describe(schema: unknown, node: SchemaNode, place: Place, budget: Budget): void {
  if (!isRecord(schema)) {
    node.skipReason = `not judged by the check: the schema is ${previewValue(schema)}, not an object`
    return
  }
  if (typeof schema.description === 'string') node.description = cut(schema.description)
  else if (typeof schema.title === 'string') node.description = cut(schema.title)
  const type = schema.type
  const names = typeof type === 'string' ? [type] : Array.isArray(type) ? type : []
  node.types = names.map((n) => (typeof n === 'string' ? cut(n, 40) : previewValue(n)))
  node.nullable = node.types.includes('null') || schema.nullable === true
  if (Array.isArray(schema.enum)) {
    node.enumTotal = schema.enum.length
    node.enumValues = schema.enum.slice(0, ENUM_SHOWN).map(previewValue)
  }
  node.closed = closedRule(schema) !== null
  node.ignoredKeywords = Object.keys(schema)
    .filter((k) => !READ.has(k))
    .slice(0, 8)
    .map((k) => cut(k, 40))
  const skipped = SKIPPED_KEYWORDS.filter((k) => Object.hasOwn(schema, k))
  node.refs = REF_KEYWORDS.map((k) => schema[k])
    .filter((r): r is string => typeof r === 'string')
    .map((r) => cut(r, 80))

  const badType = parseType(type) === T_UNKNOWN
  if (!place.reached) node.skipReason = place.unreachedReason
  else if (place.depth >= MAX_DEPTH) {
    node.skipReason = `not judged by the check: nested deeper than ${MAX_DEPTH} levels`
  } else if (skipped.length > 0) {
    node.skipReason = `not judged by the check: ${skipped.join(', ')}`
  } else if (badType) {
    const unknown = names.find((n) => typeof n !== 'string' || parseType(n) === T_UNKNOWN)
    node.skipReason = `not judged by the check: unknown type ${previewValue(unknown ?? type)}`
  }
  node.judged = node.skipReason === null
  // A node the check skips is not looked into, so neither is the tree (keeps hostile schemas cheap).
  if (skipped.length > 0 || badType || place.depth >= MAX_DEPTH) return
  addChildren(schema, node, place, budget)
}

function addChildren(schema: Node, node: SchemaNode, place: Place, budget: Budget): void {
  const depth = place.depth + 1
  const inherit = { reached: node.judged, unreachedReason: node.skipReason }
  const pending: Array<{ schema: unknown; place: Place }> = []
  const required = Array.isArray(schema.required)
    ? schema.required.filter((n): n is string => typeof n === 'string')
    : []
  const requiredSet = new Set(required)
  const props = isRecord(schema.properties) ? schema.properties : null
  for (const name of props ? Object.keys(props) : []) {
    const at = { role: 'property' as const, name, required: requiredSet.has(name), depth }
    pending.push({ schema: props?.[name], place: { ...at, ...inherit } })
  }
  // A required name without a schema is still refused when missing.
  for (const name of required) {
    if (props && Object.hasOwn(props, name)) continue
    pending.push({
      schema: {},
      place: { role: 'property', name, required: true, depth, ...inherit },
    })
  }
  const notFollowed = (what: string) => ({
    reached: false,
    unreachedReason: `not judged by the check: values under ${what}`,
  })
  if (isRecord(schema.patternProperties)) {
    for (const pattern of Object.keys(schema.patternProperties)) {
      pending.push({
        schema: schema.patternProperties[pattern],
        place: {
          role: 'pattern',
          name: pattern,
          required: false,
          depth,
          ...notFollowed('patternProperties'),
        },
      })
    }
  }
  if (isRecord(schema.additionalProperties)) {
    pending.push({
      schema: schema.additionalProperties,
      place: {
        role: 'additional',
        name: '',
        required: false,
        depth,
        ...notFollowed('additionalProperties'),
      },
    })
  }
  if (Array.isArray(schema.prefixItems)) {
    schema.prefixItems.forEach((item: unknown, i: number) =>
      pending.push({
        schema: item,
        place: {
          role: 'prefix-item',
          name: String(i),
          required: false,
          depth,
          ...notFollowed('prefixItems'),
        },
      }),
    )
  }
  if (Array.isArray(schema.items)) {
    schema.items.forEach((item: unknown, i: number) =>
      pending.push({
        schema: item,
        place: { role: 'tuple-item', name: String(i), required: false, depth, ...inherit },
      }),
    )
  } else if (schema.items !== undefined) {
    pending.push({
      schema: schema.items,
      place: { role: 'items', name: '', required: false, depth, ...inherit },
    })
  }
  for (const child of pending) {
    if (budget.left <= 0) {
      node.hiddenChildren++
      continue
    }
    budget.left--
    node.children.push(read(child.schema, child.place, budget))
  }
}
