import type { JsonSchema } from './catalogue'
import { chance, intBetween, pickOne, type Rng } from './prng'

/** Arguments of one simulated call; they live only inside the simulation, never in a response. */
export type Arguments = Record<string, unknown>

const WORDS = ['Summer offer', 'Contact', 'Über uns', 'Team', 'Press kit', 'FAQ', 'Imprint']

const isSchema = (node: unknown): node is JsonSchema =>
  typeof node === 'object' && node !== null && !Array.isArray(node)

/** Follows a local `#/$defs/<name>` reference; anything else resolves to an empty schema. */
function resolveRef(ref: unknown, root: JsonSchema): JsonSchema {
  if (typeof ref !== 'string' || !ref.startsWith('#/$defs/')) return {}
  const defs = root.$defs
  const target = isSchema(defs) ? defs[ref.slice('#/$defs/'.length)] : undefined
  return isSchema(target) ? target : {}
}

/** The first declared type that is not `null`, or undefined when none is declared. */
function mainType(node: JsonSchema): string | undefined {
  const type = node.type
  if (typeof type === 'string') return type
  if (Array.isArray(type))
    return type.find((t): t is string => typeof t === 'string' && t !== 'null')
  return undefined
}

/** A value that fits a schema node; unknown or empty nodes get a short text. */
export function valueFor(node: unknown, root: JsonSchema, rng: Rng, depth = 0): unknown {
  if (!isSchema(node) || depth > 6) return pickOne(rng, WORDS)
  if ('$ref' in node) return valueFor(resolveRef(node.$ref, root), root, rng, depth + 1)
  if (Array.isArray(node.anyOf)) {
    const branch = node.anyOf.find((b) => isSchema(b) && b.type !== 'null')
    return valueFor(branch, root, rng, depth + 1)
  }
  if (Array.isArray(node.enum) && node.enum.length > 0) return pickOne(rng, node.enum)
  switch (mainType(node)) {
    case 'integer':
      return intBetween(rng, 1, 4800)
    case 'number':
      return intBetween(rng, 1, 1000) / 10
    case 'boolean':
      return chance(rng, 0.5)
    case 'array': {
      const count = intBetween(rng, 1, 3)
      return Array.from({ length: count }, () => valueFor(node.items, root, rng, depth + 1))
    }
    case 'object':
      return objectFor(node, root, rng, depth + 1)
    default:
      return pickOne(rng, WORDS)
  }
}

interface ObjectPlan {
  entries: [string, unknown, boolean][]
  openEmpty: boolean
}

// Catalogue schemas never change, so each object node is read once.
const plans = new WeakMap<JsonSchema, ObjectPlan>()

function planOf(node: JsonSchema): ObjectPlan {
  const known = plans.get(node)
  if (known !== undefined) return known
  const properties = isSchema(node.properties) ? node.properties : {}
  const required: unknown[] = Array.isArray(node.required) ? node.required : []
  const entries = Object.entries(properties).map(([key, child]): [string, unknown, boolean] => [
    key,
    child,
    required.includes(key),
  ])
  const plan = { entries, openEmpty: entries.length === 0 && node.additionalProperties === true }
  plans.set(node, plan)
  return plan
}

function objectFor(node: JsonSchema, root: JsonSchema, rng: Rng, depth: number): Arguments {
  const plan = planOf(node)
  const value: Arguments = {}
  for (const [key, child, required] of plan.entries) {
    if (required || chance(rng, 0.35)) value[key] = valueFor(child, root, rng, depth)
  }
  if (plan.openEmpty) value.header = pickOne(rng, WORDS)
  return value
}

/** A fitting argument object for a tool's parameters schema. */
export function validArguments(schema: JsonSchema, rng: Rng): Arguments {
  return objectFor(schema, schema, rng, 0)
}
