import { describeKind, describeTypes, T_NULL } from './kinds'
import { preview, quote, truncate } from './preview'

/** How many enum members or allowed names a message lists before "…". */
const LIST_LENGTH = 6

/** Names an argument for a sentence: `argument "fields.title"`; the root is "the arguments". */
function lowerSubject(path: string): string {
  return path === '' ? 'the arguments' : `argument "${path}"`
}

/** The same, at the start of a sentence. */
function upperSubject(path: string): string {
  return path === '' ? 'The arguments' : `Argument "${path}"`
}

/** "an integer", or "a value of the declared kind" when the schema declares no type. */
function declared(types: number): string {
  return describeTypes(types & ~T_NULL) || 'a value of the declared kind'
}

/** A required argument that was not sent; `types` are the argument's own declared types. */
export function missingMessage(path: string, types: number): string {
  const kind = describeTypes(types & ~T_NULL)
  return `The required ${lowerSubject(path)} is missing; add it to the call${kind ? ` as ${kind}` : ''}.`
}

/** null where the declared types do not include it. */
export function nullMessage(path: string, types: number): string {
  const kind = declared(types)
  return `${upperSubject(path)} ${path === '' ? 'are' : 'is'} null, but the schema declares ${kind}, not null; send ${kind} instead.`
}

/** A value of a kind the ADR names wrong for the declared types. */
export function kindMessage(path: string, types: number, kind: number, value: unknown): string {
  const want = declared(types)
  return `${upperSubject(path)} must be ${want} as the schema declares, but ${describeKind(kind)} was sent: ${preview(value)}.`
}

/** A value outside an enum; lists the first few members. */
export function enumMessage(path: string, members: readonly unknown[], value: unknown): string {
  const shown = members.slice(0, LIST_LENGTH).map((member) => preview(member, 24))
  const more = members.length > LIST_LENGTH ? `, … (${members.length} values in all)` : ''
  return `${upperSubject(path)} must be one of ${shown.join(', ')}${more}, but ${preview(value)} was sent.`
}

/**
 * What an object under `additionalProperties: false` allows, for additionalMessage: its declared
 * `names` and `patterns`; "takes none" when both are empty.
 */
export function allowedText(names: readonly string[], patterns: readonly string[]): string {
  const allowed = [
    ...names.slice(0, LIST_LENGTH).map((name) => quote(truncate(name, 40))),
    ...patterns.slice(0, 2).map((source) => `names matching ${quote(truncate(source, 40))}`),
  ]
  const more = names.length > LIST_LENGTH || patterns.length > 2 ? ', …' : ''
  return allowed.length === 0 ? 'takes none' : `takes only ${allowed.join(', ')}${more}`
}

/**
 * An argument that `additionalProperties: false` excludes. `parent` is the path of the object
 * it was sent in; `takes` comes from allowedText.
 */
export function additionalMessage(path: string, parent: string, takes: string): string {
  const where = parent === '' ? 'this tool' : `"${parent}"`
  const noun = parent === '' ? 'an argument of' : 'allowed in'
  return `"${path}" is not ${noun} ${where} (the schema ${takes}); leave it out.`
}
