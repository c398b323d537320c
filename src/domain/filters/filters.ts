import { z } from '../zod'
import { daySpan, isIsoDay, isValidZone, type IsoDay } from '../time'
import { INSTALLATION_NAME } from '../contract/installations'

/** The range presets; `custom` means the URL's own `from` and `to`. */
export const PRESETS = ['7d', '30d', '90d', 'all', 'custom'] as const
export type Preset = (typeof PRESETS)[number]

/** The preset used when the URL names no range: the last 30 days ending at `latestAt`. */
export const DEFAULT_PRESET = '30d' satisfies Preset

/** The longest range a filter may span (about ten years), so a typo cannot ask for millennia. */
export const MAX_RANGE_DAYS = 3660

/**
 * The filters every page shares, kept in the URL. `from` and `to` are calendar days, both
 * inclusive, in the zone `tz`; `tools` is sorted and unique, empty for every tool.
 * `installation` names one installation of a server over many; absent: all of them (or the
 * only one a server of one installation has).
 */
export interface Filters {
  from: IsoDay
  to: IsoDay
  tz: string
  tools: string[]
  preset: Preset
  installation?: string
}

/** Whether two filters ask for the same thing (every field, tools in order). */
export function sameFilters(a: Filters, b: Filters): boolean {
  return (
    a.from === b.from &&
    a.to === b.to &&
    a.tz === b.tz &&
    a.preset === b.preset &&
    a.installation === b.installation &&
    a.tools.length === b.tools.length &&
    a.tools.every((tool, i) => tool === b.tools[i])
  )
}

/** What the parser needs to know about the installation to fill in defaults. */
export interface FilterContext {
  /** `/meta`'s `latestAt`; null (or unparsable) when nothing is recorded yet. */
  latestAt: string | null
  /** `/meta`'s `earliestAt`; null when nothing is recorded yet. */
  earliestAt: string | null
  /** The tool catalogue's names; null while it is not loaded (tools in the URL are then kept). */
  knownTools: readonly string[] | null
  /** The zone to use without `tz` in the URL, normally the browser's. */
  defaultZone: string
  /** Now, in epoch ms, for the range when nothing is recorded; defaults to `Date.now()`. */
  nowMs?: number
}

/** The invariants every parsed filter meets; the parser's output always passes it. */
export const filtersSchema = z
  .object({
    from: z.string().refine(isIsoDay, 'not a calendar day'),
    to: z.string().refine(isIsoDay, 'not a calendar day'),
    tz: z.string().refine(isValidZone, 'not a known time zone'),
    // Any name the contract allows, "" included.
    tools: z.array(z.string()),
    preset: z.enum(PRESETS),
    installation: z.string().regex(INSTALLATION_NAME).optional(),
  })
  .refine((f) => f.from <= f.to, 'from is after to')
  .refine((f) => daySpan(f.from, f.to) <= MAX_RANGE_DAYS, 'range too long')
  .refine((f) => f.tools.every((t, i) => i === 0 || (f.tools[i - 1] ?? '') < t), 'tools unsorted')
