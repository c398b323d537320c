import {
  describeTypes,
  T_ARRAY,
  T_BOOLEAN,
  T_INTEGER,
  T_NULL,
  T_NUMBER,
  T_OBJECT,
  T_STRING,
} from './kinds'
import { preview } from './preview'

/**
 * Which of the ADR's lenient rules let a value through that the schema does not declare as such.
 * `text-for-number` and the other kind pairs are the casts a tool commonly reads ("5" for 5);
 * `unnamed-kind` is a pairing the ADR does not name, so the check does not refuse it.
 */
export type LenientCast =
  | 'text-for-number'
  | 'fraction-for-integer'
  | 'number-for-text'
  | 'value-for-boolean'
  | 'list-for-object'
  | 'enum-cast'
  | 'null-for-optional'
  | 'unnamed-kind'

/** One value that passed only by a lenient cast: where, which cast, and one sentence. */
export interface LenientPass {
  path: string
  cast: LenientCast
  message: string
}

/** The numeric text a PHP cast reads as the number (the same rule the enum look-up uses). */
const NUMERIC_TEXT = /^[ \t\n\r\v\f]*[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?[ \t\n\r\v\f]*$/

const subject = (path: string) => (path === '' ? 'The arguments' : `"${path}"`)
const scalarTypes = (types: number) => describeTypes(types & ~T_NULL)

/** Text a boolean cast reads as true or false. */
function readsAsBoolean(value: unknown): boolean {
  if (typeof value === 'string') return ['true', 'false'].includes(value.trim().toLowerCase())
  return value === 1 || value === 0
}

/**
 * The lenient cast, if any, that let `value` (of kind bit `kind`, already not refused) pass
 * against `types`; null when the schema declares the value's kind (or declares nothing).
 * Messages say what the tool will probably do with the value, so a surprise pass is explained.
 */
export function castOf(
  path: string,
  types: number,
  kind: number,
  value: unknown,
): LenientPass | null {
  const declared = types & ~T_NULL
  if (declared === 0) return null
  const who = subject(path)
  const want = scalarTypes(types)
  const shown = preview(value)
  const pass = (cast: LenientCast, message: string): LenientPass => ({ path, cast, message })
  if (kind === T_NUMBER) {
    if ((declared & T_NUMBER) !== 0) return null
    if ((declared & T_INTEGER) !== 0) {
      if (Number.isInteger(value)) return null
      return pass(
        'fraction-for-integer',
        `${who}: ${shown} passed where an integer is declared. The check does not judge fractions (ADR 246 lets 5.0 through); the tool may cut or refuse it.`,
      )
    }
    if ((declared & T_STRING) !== 0)
      return pass(
        'number-for-text',
        `${who}: the number ${shown} passed where text is declared; the tool reads it as the text "${String(value)}" (an ADR 246 cast).`,
      )
    if ((declared & T_BOOLEAN) !== 0) return booleanPass(pass, who, value, shown)
  }
  if (kind === T_STRING) {
    if ((declared & T_STRING) !== 0) return null
    if ((declared & (T_NUMBER | T_INTEGER)) !== 0) {
      const numeric = typeof value === 'string' && NUMERIC_TEXT.test(value)
      return pass(
        'text-for-number',
        numeric
          ? `${who}: the text ${shown} passed where ${want} is declared; the tool reads it as the number ${String(Number(value))} (an ADR 246 cast).`
          : `${who}: the text ${shown} passed where ${want} is declared. The check lets any text through there (ADR 246 allows the cast of "5" to 5), but this text does not read as a number, so the tool itself will most likely refuse it.`,
      )
    }
    if ((declared & T_BOOLEAN) !== 0) return booleanPass(pass, who, value, shown)
  }
  if (kind === T_ARRAY && (declared & T_ARRAY) === 0 && (declared & T_OBJECT) !== 0) {
    return pass(
      'list-for-object',
      `${who}: a list passed where an object is declared: a JSON object keyed 0, 1, 2 decodes to the same list, so ADR 246 lets lists through and judges them as that object.`,
    )
  }
  if ((declared & kind) !== 0) return null
  return pass(
    'unnamed-kind',
    `${who}: ${shown} passed where ${want} is declared. ADR 246 refuses only the kinds it names (a list or an object for text, a number or a boolean; an object for a list; text for an object), so this is left for the tool to judge.`,
  )
}

function booleanPass(
  pass: (cast: LenientCast, message: string) => LenientPass,
  who: string,
  value: unknown,
  shown: string,
): LenientPass {
  return readsAsBoolean(value)
    ? pass(
        'value-for-boolean',
        `${who}: ${shown} passed where a boolean is declared; the tool reads it as ${String(value === 1 || (typeof value === 'string' && value.trim().toLowerCase() === 'true'))} (an ADR 246 cast).`,
      )
    : pass(
        'value-for-boolean',
        `${who}: ${shown} passed where a boolean is declared. ADR 246 lets "true", 1 and 0 through and does not refuse other text or numbers there; this one does not read as a boolean, so the tool decides.`,
      )
}

/** An enum value that matched `member` only after a cast or in another letter case. */
export function enumCastPass(path: string, value: unknown, member: unknown): LenientPass {
  return {
    path,
    cast: 'enum-cast',
    message: `${subject(path)}: ${preview(value)} is not written as any member of the enum, but matches ${preview(member)} after a cast or in another letter case, which ADR 246 lets through.`,
  }
}

/** null for an optional argument whose schema does not admit null. */
export function nullOptionalPass(path: string, types: number): LenientPass {
  return {
    path,
    cast: 'null-for-optional',
    message: `${subject(path)}: null passed for this optional argument although the schema declares ${scalarTypes(types) || 'no null'}; tools read it as "not sent" (ADR 246).`,
  }
}
