import { outcomeOf } from '@/domain/outcome'
import { countsCall, countsUnreadableCall, toolFilter } from '@/domain/tool-filter'
import type { GroupKey } from './step-store'

/** What a group of one key does to a summary. Ordered: from `Succeeded` on, it is a call. */
export const Role = {
  /** A step of another kind: its kind is listed. */
  OtherKind: 0,
  /** A tool step whose name or outcome is unreadable: counted as such, no kind listed. */
  UnreadableCounted: 1,
  /** Unreadable, but naming a tool the filter does not ask for: not counted, no kind listed. */
  UnreadableIgnored: 2,
  /** A readable tool step the filter does not ask for: only its kind is listed. */
  Unselected: 3,
  Succeeded: 4,
  Failed: 5,
  Refused: 6,
  /** A call an editor denied: a call, neither failed nor refused. */
  Denied: 7,
} as const
export type Role = (typeof Role)[keyof typeof Role]

/** Whether a step of this role lists its kind: unreadable tool steps list none. */
export const listsKind = (role: Role): boolean => role === Role.OtherKind || role >= Role.Unselected

/** Every key's role in one query, and the kinds listed by index. */
export interface KeyRoles {
  role: Uint8Array
  /** 1 where a step of the key keeps its run under a filter: the filter counts its name text. */
  selected: Uint8Array
  /** Index into `kinds` of the kind a key lists. */
  kind: Int32Array
  kinds: string[]
  /** For a call's key, its summary row (tool, outcome, code) by index into `rows`; else -1. */
  row: Int32Array
  /** One key per summary row: keys whose texts differ but decode alike share a row. */
  rows: GroupKey[]
}

/**
 * The role of each key for a query with `tools` (none: every tool), by the tool filter's rules
 * (`domain/tool-filter.ts`; the test reference `testing/database-count.ts` counts them too). A
 * filter keeps a run when it counts the name text of one of its tool steps, readable outcome or
 * not (as `/runs` matches). Readable steps list the kind `tool`.
 */
export function keyRoles(keys: readonly GroupKey[], tools: readonly string[]): KeyRoles {
  const filter = toolFilter(tools)
  const kindIds = new Map<string, number>()
  const kindOf = (kind: string) => {
    let id = kindIds.get(kind)
    if (id === undefined) kindIds.set(kind, (id = kindIds.size))
    return id
  }
  const role = new Uint8Array(keys.length)
  const selected = new Uint8Array(keys.length)
  const kind = new Int32Array(keys.length)
  const row = new Int32Array(keys.length).fill(-1)
  const rows: GroupKey[] = []
  const rowIds = new Map<string, number>()
  keys.forEach((key, id) => {
    kind[id] = kindOf(key.kind)
    if (key.kind !== 'tool') {
      role[id] = Role.OtherKind
      return
    }
    selected[id] = key.toolText !== null && countsCall(filter, key.toolText) ? 1 : 0
    if (key.toolName === null || key.outcome === null) {
      role[id] = countsUnreadableCall(filter, key.toolText)
        ? Role.UnreadableCounted
        : Role.UnreadableIgnored
      return
    }
    if (!countsCall(filter, key.toolName)) {
      role[id] = Role.Unselected
      return
    }
    const outcome = outcomeOf(key.outcome)
    role[id] =
      outcome === 'succeeded'
        ? Role.Succeeded
        : outcome === 'failed'
          ? Role.Failed
          : outcome === 'denied'
            ? Role.Denied
            : Role.Refused
    const text = JSON.stringify([key.toolName, outcome])
    let rowId = rowIds.get(text)
    if (rowId === undefined) rowIds.set(text, (rowId = rows.push(key) - 1))
    row[id] = rowId
  })
  return { role, selected, kind, kinds: [...kindIds.keys()], row, rows }
}

/** The flags a summary fold keeps per run: each bit is something one of its steps can say. */
export const RunFlag = { Seen: 1, Hit: 2, Calls: 4, Refused: 8, Failed: 16 } as const

/**
 * What a step of each key sets in its run's flags ({@link RunFlag}), by key: seen; keeps its run
 * under the filter; a call; a failure; a refusal. The view's fold and the fleet's count use it.
 */
export function runFlagsOfKeys(roles: KeyRoles): Uint8Array {
  const flags = new Uint8Array(roles.role.length)
  roles.role.forEach((role, key) => {
    flags[key] =
      RunFlag.Seen |
      (roles.selected[key] === 1 ? RunFlag.Hit : 0) |
      (role >= Role.Succeeded ? RunFlag.Calls : 0) |
      (role === Role.Failed ? RunFlag.Failed : 0) |
      (role === Role.Refused ? RunFlag.Refused : 0)
  })
  return flags
}
