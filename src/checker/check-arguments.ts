import { deepEqual, enumHas, prepareEnum } from './enum-match'
import { castOf, enumCastPass, nullOptionalPass, type LenientPass } from './lenient-casts'
import { isWrongKind, kindOf, T_ARRAY, T_NULL, T_OBJECT } from './kinds'
import {
  additionalMessage,
  allowedText,
  enumMessage,
  kindMessage,
  missingMessage,
  nullMessage,
} from './messages'
import { formatPath } from './path'
import {
  itemsPlan,
  planOf,
  propertyPlan,
  tuplePlan,
  type ExtraRule,
  type Plan,
} from './schema-plan'
import type { Mismatch, MismatchKind } from './types'

/** The ADR's cap: a refusal names at most this many mismatches. */
export const MAX_MISMATCHES = 10

interface Walk {
  readonly out: Mismatch[]
  readonly limit: number
  /** The path to the value being judged, built into text only when something is refused. */
  readonly segments: Array<string | number>
  /** When set, every value that passed only by a lenient cast is noted here (the playground). */
  readonly passes?: LenientPass[]
}

const hasOwn = (object: object, key: string): boolean =>
  Object.prototype.hasOwnProperty.call(object, key)

const NO_ARGUMENTS: Readonly<Record<string, unknown>> = Object.freeze({})

/**
 * Checks a tool call's arguments against the schema the tool was offered with (ADR 246) and
 * names each mismatch in one sentence, at most ten. Refuses only what the ADR lists; any schema
 * the check cannot read (not an object, `true`, `{}`, `$ref`, …) gives no mismatches. Missing
 * arguments (`undefined`) are read as an empty arguments object.
 * Never throws: on an unexpected failure it returns what it had found so far.
 */
export function checkArguments(schema: unknown, args: unknown): Mismatch[] {
  return collectMismatches(schema, args, MAX_MISMATCHES)
}

/** checkArguments with a chosen cap (at least one). */
export function collectMismatches(schema: unknown, args: unknown, limit: number): Mismatch[] {
  const walk: Walk = { out: [], limit: Math.max(1, limit), segments: [] }
  try {
    const plan = planOf(schema)
    if (!plan.judged) return walk.out
    if (args === undefined) checkObject(plan, NO_ARGUMENTS, walk)
    else checkNode(plan, args, walk)
  } catch {
    // Schemas arrive from remote servers: a getter or proxy that throws must not stop the turn.
  }
  return walk.out
}

/**
 * The check as {@link checkArguments} runs it, plus every value that passed only by one of the
 * ADR's lenient casts (text for a number, a list for an object, an enum in another case, …), in
 * the order the walk met them. For explaining a pass; the loop itself needs only the mismatches.
 */
export function explainArguments(
  schema: unknown,
  args: unknown,
): { mismatches: Mismatch[]; passes: LenientPass[] } {
  const walk: Walk = { out: [], limit: MAX_MISMATCHES, segments: [], passes: [] }
  try {
    const plan = planOf(schema)
    if (plan.judged) {
      if (args === undefined) checkObject(plan, NO_ARGUMENTS, walk)
      else checkNode(plan, args, walk)
    }
  } catch {
    // As in collectMismatches: a throwing schema stops judging, never the caller.
  }
  return { mismatches: walk.out, passes: walk.passes ?? [] }
}

/** Notes a lenient pass at the current path, when the walk collects them. */
function notePass(walk: Walk, make: (path: string) => LenientPass | null): void {
  if (walk.passes === undefined) return
  const pass = make(formatPath(walk.segments))
  if (pass !== null) walk.passes.push(pass)
}

/** The member of an enum that `value` matched only leniently; undefined for an exact match. */
function lenientMember(members: readonly unknown[], value: unknown): unknown {
  if (members.some((m) => m === value || (typeof m === 'object' && deepEqual(m, value, 0)))) {
    return undefined
  }
  return members.find((m) => {
    const one = prepareEnum([m])
    return one !== null && enumHas(one, value)
  })
}

/** Adds a mismatch at the current path; the path text is written only now. */
function report(walk: Walk, kind: MismatchKind, message: (path: string) => string): void {
  const path = formatPath(walk.segments)
  walk.out.push({ kind, path, message: message(path) })
}

/** Judges one value against one node: null, kind, enum, then what lies inside. */
function checkNode(plan: Plan, value: unknown, walk: Walk): void {
  if (!plan.judged || walk.out.length >= walk.limit) return
  const types = plan.types
  if (value === null) {
    if (types !== 0 && (types & T_NULL) === 0) report(walk, 'null', (p) => nullMessage(p, types))
    else if (types === 0 && !plan.nullable && plan.enumSet !== null && !plan.enumSet.hasNull) {
      const members = plan.enumSet.members
      report(walk, 'enum', (p) => enumMessage(p, members, null))
    }
    return
  }
  const kind = kindOf(value)
  // Values JSON cannot hold (undefined, functions, …) are not judged.
  if (kind === 0) return
  if (isWrongKind(kind, types)) {
    report(walk, 'kind', (p) => kindMessage(p, types, kind, value))
    return
  }
  const enumSet = plan.enumSet
  if (enumSet !== null && !enumHas(enumSet, value)) {
    report(walk, 'enum', (p) => enumMessage(p, enumSet.members, value))
    return
  }
  if (walk.passes !== undefined) {
    const before = walk.passes.length
    notePass(walk, (p) => castOf(p, types, kind, value))
    // One note per value: a cast of the kind already explains an enum match after that cast.
    if (enumSet !== null && walk.passes.length === before) {
      const member = lenientMember(enumSet.members, value)
      if (member !== undefined) notePass(walk, (p) => enumCastPass(p, value, member))
    }
  }
  if (kind === T_OBJECT) checkObject(plan, value as Record<string, unknown>, walk)
  else if ((types & ~T_NULL) === T_OBJECT && kind !== T_ARRAY) {
    // A number or boolean where only an object is declared passes as a kind the ADR does not
    // name, but a tool reading it finds none of its arguments: each required one is missing.
    checkObject(plan, NO_ARGUMENTS, walk)
  } else if (kind === T_ARRAY) {
    // A PHP list is how a map keyed 0, 1, 2 decodes: where only an object is declared, the
    // list is judged as that object. Whatever is refused then, Ajv rejects the list anyway.
    if ((types & T_OBJECT) !== 0 && (types & T_ARRAY) === 0) {
      checkObject(plan, value as unknown as Record<string, unknown>, walk)
    } else checkItems(plan, value as unknown[], walk)
  }
}

/** Whether `name` is a key of `object`; a list (a PHP list) has only its positions as keys. */
function hasName(object: object, name: string): boolean {
  if (!Array.isArray(object)) return hasOwn(object, name)
  return /^(?:0|[1-9]\d*)$/.test(name) && Number(name) < object.length
}

/** Judges an object's names: required ones first, then each sent one; {} misses every required name. */
function checkObject(plan: Plan, object: Readonly<Record<string, unknown>>, walk: Walk): void {
  for (const name of plan.required) {
    if (hasName(object, name)) continue
    if (walk.out.length >= walk.limit) return
    const types = propertyPlan(plan, name)?.types ?? 0
    walk.segments.push(name)
    report(walk, 'missing', (p) => missingMessage(p, types))
    walk.segments.pop()
  }
  if (plan.props === null && plan.extra === null) return
  for (const key in object) {
    if (!hasOwn(object, key)) continue
    if (walk.out.length >= walk.limit) return
    const child = propertyPlan(plan, key)
    if (child === undefined) {
      const extra = plan.extra
      if (extra !== null && !allowedByPattern(extra, key)) reportExtra(plan, extra, key, walk)
      continue
    }
    const value = object[key]
    // null for an optional argument passes: tools read it as "not sent".
    if (value === null && !plan.requiredSet.has(key)) {
      if (child.judged && child.types !== 0 && (child.types & T_NULL) === 0) {
        walk.segments.push(key)
        notePass(walk, (p) => nullOptionalPass(p, child.types))
        walk.segments.pop()
      }
      continue
    }
    if (!child.judged) continue
    walk.segments.push(key)
    checkNode(child, value, walk)
    walk.segments.pop()
  }
}

/** True when a patternProperties pattern admits `key`; no patterns admit nothing. */
function allowedByPattern(extra: ExtraRule, key: string): boolean {
  for (const pattern of extra.patterns) if (pattern.test(key)) return true
  return false
}

/** Names an argument excluded by additionalProperties: false. */
function reportExtra(plan: Plan, extra: ExtraRule, key: string, walk: Walk): void {
  const parent = formatPath(walk.segments)
  const names = plan.props
  const takes = (extra.allowed ??= allowedText(
    names === null ? [] : Object.keys(names),
    extra.patternSources,
  ))
  walk.segments.push(key)
  report(walk, 'additional', (p) => additionalMessage(p, parent, takes))
  walk.segments.pop()
}

/** Judges list items against object-form or tuple-form `items`; [] or no `items` judge nothing. */
function checkItems(plan: Plan, list: readonly unknown[], walk: Walk): void {
  // Tuple-form items are judged position by position, never as one schema for every item.
  const tuple = plan.tuple !== null
  const every = tuple ? null : itemsPlan(plan)
  if (every !== null && !every.judged) return
  const length =
    tuple && plan.tuple !== null ? Math.min(list.length, plan.tuple.length) : list.length
  for (let i = tuple ? 0 : plan.itemsFrom; i < length; i++) {
    if (walk.out.length >= walk.limit) return
    const child = every ?? tuplePlan(plan, i)
    if (!child.judged) continue
    walk.segments.push(i)
    checkNode(child, list[i], walk)
    walk.segments.pop()
  }
}
