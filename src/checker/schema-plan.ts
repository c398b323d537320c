import { prepareEnum, type EnumSet } from './enum-match'
import { T_NULL, T_UNKNOWN, parseType } from './kinds'

/**
 * Deeper schema nodes are not judged. The bound keeps recursion shallow for any input; it only
 * ever stops judging, it never refuses.
 */
export const MAX_DEPTH = 64

/** Keywords whose node the check cannot judge, so it skips the node whole ($dynamicRef and
 * $recursiveRef are later spellings of $ref). */
export const SKIPPED_KEYWORDS = [
  '$ref',
  'oneOf',
  'anyOf',
  'allOf',
  'not',
  'if',
  '$dynamicRef',
  '$recursiveRef',
] as const

/** What `additionalProperties: false` leaves allowed besides the declared properties. */
export interface ExtraRule {
  readonly patterns: readonly RegExp[]
  readonly patternSources: readonly string[]
  /** The "takes only …" text of refusals, written on the first refusal. */
  allowed: string | null
}

/**
 * A schema node read once into what the check needs. Child nodes are read on first use, so a
 * megabyte schema costs only the parts a call reaches.
 */
export interface Plan {
  readonly judged: boolean
  /** Declared type bits, 0 when none is declared; nullable: true is folded in as T_NULL. */
  readonly types: number
  /** `nullable: true`: null is admitted, with or without a declared type. */
  readonly nullable: boolean
  readonly enumSet: EnumSet | null
  readonly required: readonly string[]
  readonly requiredSet: ReadonlySet<string>
  readonly props: Readonly<Record<string, unknown>> | null
  readonly propPlans: Map<string, Plan>
  /** Non-null only for `additionalProperties: false` with readable properties and patterns. */
  readonly extra: ExtraRule | null
  readonly items: unknown
  /** Object-form `items` applies from here on: after `prefixItems` in a 2020-12 schema. */
  readonly itemsFrom: number
  itemsPlan: Plan | null
  readonly tuple: readonly unknown[] | null
  readonly tuplePlans: Array<Plan | undefined>
  readonly depth: number
}

const NONE: readonly string[] = []
const NO_NAMES: ReadonlySet<string> = new Set()

/** The plan of a node that is not judged: anything passes it. */
export const SKIP: Plan = {
  judged: false,
  types: 0,
  nullable: false,
  enumSet: null,
  required: NONE,
  requiredSet: NO_NAMES,
  props: null,
  propPlans: new Map(),
  extra: null,
  items: undefined,
  itemsFrom: 0,
  itemsPlan: null,
  tuple: null,
  tuplePlans: [],
  depth: MAX_DEPTH,
}

const hasOwn = (object: object, key: string): boolean =>
  Object.prototype.hasOwnProperty.call(object, key)

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

// Keyed by the schema object: tools are offered with the same schema objects every round.
const roots = new WeakMap<object, Plan>()

/** The cached plan of a root schema; a non-object schema (true, false, null, …) gives SKIP. */
export function planOf(schema: unknown): Plan {
  if (!isRecord(schema)) return SKIP
  let plan = roots.get(schema)
  if (plan === undefined) {
    plan = compile(schema, 0)
    roots.set(schema, plan)
  }
  return plan
}

/** Reads one schema node. Boolean, empty and unreadable nodes judge nothing. */
export function compile(node: unknown, depth: number): Plan {
  if (depth >= MAX_DEPTH || !isRecord(node)) return SKIP
  for (const keyword of SKIPPED_KEYWORDS) if (hasOwn(node, keyword)) return SKIP
  let types = parseType(node.type)
  if (types === T_UNKNOWN) return SKIP
  // A nullable MCP parameter admits null (without a declared type, `nullable` says so alone).
  const nullable = node.nullable === true
  if (types !== 0 && nullable) types |= T_NULL
  // Each name once: a name listed twice is one missing argument, not two.
  const required = Array.isArray(node.required)
    ? [...new Set((node.required as unknown[]).filter((n): n is string => typeof n === 'string'))]
    : NONE
  const props = isRecord(node.properties) ? node.properties : null
  return {
    judged: true,
    types,
    nullable,
    enumSet: prepareEnum(node.enum),
    required,
    requiredSet: required.length > 0 ? new Set(required) : NO_NAMES,
    props,
    propPlans: new Map(),
    extra: closedRule(node),
    items: isRecord(node.items) ? node.items : undefined,
    itemsFrom: Array.isArray(node.prefixItems) ? (node.prefixItems as unknown[]).length : 0,
    itemsPlan: null,
    tuple: Array.isArray(node.items) ? (node.items as unknown[]) : null,
    tuplePlans: [],
    depth,
  }
}

/**
 * The `additionalProperties: false` rule of a node, or null when it has none the check can apply:
 * `properties` that is not an object, `patternProperties` that is not one, or a pattern that does
 * not compile as Ajv compiles it (with the `u` flag), which could match any name, so the rule is
 * dropped rather than refuse a name it may admit. Missing patternProperties allow nothing extra.
 */
export function closedRule(node: Readonly<Record<string, unknown>>): ExtraRule | null {
  if (node.additionalProperties !== false) return null
  if (node.properties !== undefined && !isRecord(node.properties)) return null
  const patternProperties = node.patternProperties
  if (patternProperties === undefined) return { patterns: [], patternSources: [], allowed: null }
  if (!isRecord(patternProperties)) return null
  const sources = Object.keys(patternProperties)
  const patterns: RegExp[] = []
  for (const source of sources) {
    try {
      patterns.push(new RegExp(source, 'u'))
    } catch {
      return null
    }
  }
  return { patterns, patternSources: sources, allowed: null }
}

/** The plan of a declared property, or undefined when `key` is not declared. */
export function propertyPlan(plan: Plan, key: string): Plan | undefined {
  const known = plan.propPlans.get(key)
  if (known !== undefined || plan.props === null || !hasOwn(plan.props, key)) return known
  const child = compile(plan.props[key], plan.depth + 1)
  plan.propPlans.set(key, child)
  return child
}

/** The plan for every item (object-form `items`); SKIP when there is none. */
export function itemsPlan(plan: Plan): Plan {
  if (plan.itemsPlan === null) plan.itemsPlan = compile(plan.items, plan.depth + 1)
  return plan.itemsPlan
}

/** The plan for position `index` of tuple-form `items`; SKIP past the tuple's end. */
export function tuplePlan(plan: Plan, index: number): Plan {
  if (plan.tuple === null || index >= plan.tuple.length) return SKIP
  let child = plan.tuplePlans[index]
  if (child === undefined) {
    child = compile(plan.tuple[index], plan.depth + 1)
    plan.tuplePlans[index] = child
  }
  return child
}
