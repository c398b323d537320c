import { z } from '../zod'
import { describeValue } from '../filters/describe-value'
import { rawValue, readSingle, type UncheckedSearch } from '../filters/read-param'

/** The longest arguments text a link carries; longer text stays on the page, out of the link. */
export const MAX_LINK_TEXT = 4000
/** The most calls a turn holds in the playground. */
export const MAX_CALLS = 8
/**
 * Longer text is not a tool name. MCP names should be at most 64 characters, but a remote server
 * may send anything, and a catalogue tool must stay selectable whatever its name.
 */
const MAX_NAME = 20_000

/** The URL keys the playground owns (the shared filters own `tool`, `from`, `to`, …). */
export const PLAYGROUND_KEYS = ['check', 'args', 'mode', 'call'] as const

export const PLAYGROUND_MODES = ['call', 'turn'] as const

const callSchema = z.object({
  tool: z.string().min(1).max(MAX_NAME),
  args: z.string().max(MAX_LINK_TEXT),
})

/**
 * The playground's state as a link carries it: the tool and arguments text of one call, or
 * the calls of a turn. `tool` and `args` are null when the link names none (the page picks an
 * example then).
 */
export const playgroundSchema = z.object({
  mode: z.enum(PLAYGROUND_MODES),
  tool: z.string().min(1).max(MAX_NAME).nullable(),
  args: z.string().max(MAX_LINK_TEXT).nullable(),
  calls: z.array(callSchema).max(MAX_CALLS),
})

export type PlaygroundState = z.infer<typeof playgroundSchema>
export type PlaygroundCall = z.infer<typeof callSchema>
export type PlaygroundMode = PlaygroundState['mode']

export interface ParsedPlayground {
  state: PlaygroundState
  /** One line per URL value that was ignored, and what was used instead. */
  ignored: string[]
}

/**
 * A turn call travels as one value: the tool name, a line break, then the arguments text. A name
 * that holds a line break (or starts with `[`) travels as the JSON array `[name, args]` instead,
 * so no name can be mistaken for arguments.
 */
const SEPARATOR = '\n'

function encodeCall(call: PlaygroundCall): string {
  return call.tool.includes(SEPARATOR) || call.tool.startsWith('[')
    ? JSON.stringify([call.tool, call.args])
    : `${call.tool}${SEPARATOR}${call.args}`
}

function decodeCall(item: string): { name: string; args: string } {
  if (item.startsWith('[')) {
    try {
      const pair: unknown = JSON.parse(item)
      if (Array.isArray(pair) && pair.length === 2) {
        const [name, args] = pair as unknown[]
        if (typeof name === 'string' && typeof args === 'string') return { name, args }
      }
    } catch {
      // Not the JSON form: a name that starts with "[" and has no line break.
    }
  }
  const cut = item.indexOf(SEPARATOR)
  return cut < 0
    ? { name: item, args: '' }
    : { name: item.slice(0, cut), args: item.slice(cut + 1) }
}

const tooLong = (key: string, text: string) =>
  `Ignored ${key}: ${text.length.toLocaleString('en-US')} characters, more than the ${MAX_LINK_TEXT.toLocaleString('en-US')} a link carries`

/**
 * The playground state in a URL's search params. Never throws: a bad, unknown or oversized
 * value falls back (no tool, no arguments, mode `call`, the call dropped) with a line in
 * `ignored`. Tool names are checked only once `knownTools` is loaded (null keeps them).
 * Missing params give `{ mode: 'call', tool: null, args: null, calls: [] }`; a blank `args=` gives
 * `args: ''` (an emptied box stays empty).
 */
export function parsePlayground(
  raw: UncheckedSearch,
  knownTools: readonly string[] | null,
): ParsedPlayground {
  const ignored: string[] = []
  const known = knownTools === null ? null : new Set(knownTools)
  const isKnown = (name: string) => known === null || known.has(name)

  const rawMode = readSingle(raw, 'mode', ignored)
  const modeParsed = playgroundSchema.shape.mode.safeParse(rawMode)
  if (rawMode !== undefined && !modeParsed.success) {
    ignored.push(`Ignored mode=${describeValue(rawMode)}: not one of call, turn`)
  }
  const mode = modeParsed.success ? modeParsed.data : 'call'

  let tool: string | null = null
  const rawTool = readSingle(raw, 'check', ignored)
  if (rawTool !== undefined) {
    if (typeof rawTool === 'string' && rawTool.length <= MAX_NAME && isKnown(rawTool)) {
      tool = rawTool
    } else ignored.push(`Ignored check=${describeValue(rawTool)}: no tool of that name`)
  }

  let args: string | null = null
  // `args=` is an emptied box (a call without arguments), not a link that names no arguments.
  const rawArgs = readSingle(raw, 'args', ignored, true)
  if (typeof rawArgs === 'string') {
    if (rawArgs.length <= MAX_LINK_TEXT) args = rawArgs
    else ignored.push(tooLong('args', rawArgs))
  } else if (rawArgs !== undefined) ignored.push(`Ignored args: not text`)

  return { state: { mode, tool, args, calls: parseCalls(raw, isKnown, ignored) }, ignored }
}

function parseCalls(raw: UncheckedSearch, isKnown: (name: string) => boolean, ignored: string[]) {
  const value = rawValue(raw, 'call')
  const list: unknown[] = Array.isArray(value) ? value : value === undefined ? [] : [value]
  const calls: PlaygroundCall[] = []
  list.forEach((item, index) => {
    const which = `call ${index + 1}`
    if (calls.length >= MAX_CALLS) {
      ignored.push(`Ignored ${which}: a turn here holds at most ${MAX_CALLS} calls`)
      return
    }
    if (typeof item !== 'string') {
      ignored.push(`Ignored ${which}: not text`)
      return
    }
    const { name, args } = decodeCall(item)
    const parsed = callSchema.safeParse({ tool: name, args })
    if (args.length > MAX_LINK_TEXT) ignored.push(tooLong(which, args))
    else if (!parsed.success || !isKnown(name)) {
      ignored.push(`Ignored ${which}: no tool named ${describeValue(name)}`)
    } else calls.push(parsed.data)
  })
  return calls
}

/**
 * Whether a URL's search holds a playground case: any of {@link PLAYGROUND_KEYS}, valid or not
 * (a link to a tool's schema, a shared case). The page opens at the playground then, so a link
 * to a tool the catalogue lacks lands on the line that says so. No such key gives false.
 */
export function holdsPlaygroundCase(raw: UncheckedSearch): boolean {
  return PLAYGROUND_KEYS.some((key) => rawValue(raw, key) !== undefined)
}

export interface PlaygroundSearch {
  search: Record<string, string | string[]>
  /** What did not fit into the link (texts over {@link MAX_LINK_TEXT}); empty when all did. */
  omitted: string[]
}

/**
 * The search params that reproduce `state`; the inverse of {@link parsePlayground}. Texts too
 * long for a link are left out and named in `omitted`; null values and no calls give no key.
 */
export function playgroundToSearch(state: PlaygroundState): PlaygroundSearch {
  const search: Record<string, string | string[]> = {}
  const omitted: string[] = []
  if (state.mode !== 'call') search.mode = state.mode
  if (state.tool !== null) search.check = state.tool
  if (state.args !== null) {
    if (state.args.length <= MAX_LINK_TEXT) search.args = state.args
    else omitted.push('the arguments')
  }
  const calls: string[] = []
  state.calls.slice(0, MAX_CALLS).forEach((call, index) => {
    if (call.args.length <= MAX_LINK_TEXT) calls.push(encodeCall(call))
    else omitted.push(`call ${index + 1}`)
  })
  if (calls.length > 0) search.call = calls
  return { search, omitted }
}
