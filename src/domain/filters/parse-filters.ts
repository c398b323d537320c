import { addDays, formatDay, isIsoDay, type IsoDay } from '../time'
import { describeValue } from './describe-value'
import {
  DEFAULT_PRESET,
  MAX_RANGE_DAYS,
  PRESETS,
  type FilterContext,
  type Filters,
  type Preset,
} from './filters'
import { dataDays, presetRange } from './preset-range'
import { rangeProblem } from './range-problem'
import { readMany, readSingle, type UncheckedSearch } from './read-param'
import { zoneParam } from './zone-param'
import { compareStrings } from '../summary/records'
import { isInstallationName } from '../contract/installations'

export interface ParsedFilters {
  filters: Filters
  /** One plain-English line per parameter that was ignored and replaced by its default. */
  ignored: string[]
}

const isPreset = (value: unknown): value is Preset => PRESETS.some((p) => p === value)
const DEFAULT_SPAN = 30

/**
 * The filters in a URL's search params (values of any type, including garbage). Never throws:
 * a bad parameter falls back to its default and adds a line to `ignored`. Missing dates mean
 * the last 30 days ending at `latestAt`'s day (today when nothing is recorded); a missing zone
 * means `defaultZone` (UTC if that is invalid too); unknown tools are dropped once
 * `knownTools` is loaded; params this model does not own are left alone, unreported.
 */
export function parseFilters(raw: UncheckedSearch, context: FilterContext): ParsedFilters {
  const ignored: string[] = []
  const tz = zoneParam(raw, context.defaultZone, ignored)

  let preset: Preset | undefined
  const rawPreset = readSingle(raw, 'preset', ignored)
  if (rawPreset !== undefined) {
    if (isPreset(rawPreset)) preset = rawPreset
    else
      ignored.push(`Ignored preset=${describeValue(rawPreset)}: not one of ${PRESETS.join(', ')}`)
  }
  const rawFrom = readSingle(raw, 'from', ignored)
  const rawTo = readSingle(raw, 'to', ignored)

  const range =
    preset !== undefined && preset !== 'custom'
      ? namedRange(preset, rawFrom, rawTo, context, tz, ignored)
      : customRange(preset, rawFrom, rawTo, context, tz, ignored)
  const tools = parseTools(raw, context, ignored)
  const installation = installationParam(raw, ignored)
  const filters: Filters = { ...range, tz, tools }
  if (installation !== undefined) filters.installation = installation
  return { filters, ignored }
}

/** The URL's `installation` when it is an installation's name (else a line in `ignored`). */
export function installationParam(
  raw: UncheckedSearch,
  ignored: string[] = [],
): string | undefined {
  const value = readSingle(raw, 'installation', ignored)
  if (value === undefined || isInstallationName(value)) return value
  ignored.push(`Ignored installation=${describeValue(value)}: not an installation name`)
  return undefined
}

type Range = { from: IsoDay; to: IsoDay; preset: Preset }

function namedRange(
  preset: Preset,
  rawFrom: unknown,
  rawTo: unknown,
  context: FilterContext,
  tz: string,
  ignored: string[],
): Range {
  for (const [key, value] of [
    ['from', rawFrom],
    ['to', rawTo],
  ] as const) {
    if (value !== undefined) {
      ignored.push(`Ignored ${key}=${describeValue(value)}: preset=${preset} sets the range`)
    }
  }
  return { ...presetRange(preset, context, tz), preset }
}

function customRange(
  preset: Preset | undefined,
  rawFrom: unknown,
  rawTo: unknown,
  context: FilterContext,
  tz: string,
  ignored: string[],
): Range {
  const day = (key: string, value: unknown): IsoDay | undefined => {
    if (value === undefined || isIsoDay(value)) return value
    ignored.push(`Ignored ${key}=${describeValue(value)}: not a calendar day (YYYY-MM-DD)`)
    return undefined
  }
  const from = day('from', rawFrom)
  const givenTo = day('to', rawTo)
  if (from === undefined && givenTo === undefined) {
    if (preset === 'custom') ignored.push('Ignored preset=custom: no valid from or to day given')
    return { ...presetRange(DEFAULT_PRESET, context, tz), preset: DEFAULT_PRESET }
  }
  const last = dataDays(context, tz).last
  const to = givenTo ?? (from !== undefined && from > last ? from : last)
  const fallbackFrom = addDays(to, -(DEFAULT_SPAN - 1))
  if (from === undefined) return { from: fallbackFrom, to, preset: 'custom' }
  const problem = rangeProblem(from, to)
  const recorded = problem === 'too-long' ? recordedDaysWithin(from, to, context, tz) : null
  if (recorded !== null) {
    ignored.push(
      `The link's range, ${formatDay(from)} to ${formatDay(to)}, is longer than the ${MAX_RANGE_DAYS.toLocaleString('en-US')} days a range may span: showing the recorded days within it, ${formatDay(recorded.from)} to ${formatDay(recorded.to)}, instead`,
    )
    return { ...recorded, preset: 'custom' }
  }
  if (problem !== null) {
    // In the reader's terms: the days as they read them, and what is shown instead.
    const instead = `showing the ${DEFAULT_SPAN} days up to ${formatDay(to)} instead`
    ignored.push(
      problem === 'from-after-to'
        ? `The link's start day, ${formatDay(from)}, is after its end day, ${formatDay(to)}: ${instead}`
        : `The link's range, ${formatDay(from)} to ${formatDay(to)}, is longer than the ${MAX_RANGE_DAYS.toLocaleString('en-US')} days a range may span: ${instead}`,
    )
    return { from: fallbackFrom, to, preset: 'custom' }
  }
  return { from, to, preset: 'custom' }
}

/**
 * The recorded days inside `from`..`to`, as many as a range may span (the latest ones); null when
 * nothing is recorded there or the first recorded day is not known.
 */
function recordedDaysWithin(
  from: IsoDay,
  to: IsoDay,
  context: FilterContext,
  tz: string,
): { from: IsoDay; to: IsoDay } | null {
  const { first, last } = dataDays(context, tz)
  if (first === null) return null
  const end = to < last ? to : last
  const start = from > first ? from : first
  if (start > end) return null
  const earliestAllowed = addDays(end, -(MAX_RANGE_DAYS - 1))
  return { from: start < earliestAllowed ? earliestAllowed : start, to: end }
}

function parseTools(raw: UncheckedSearch, context: FilterContext, ignored: string[]): string[] {
  const { values, invalid } = readMany(raw, 'tool')
  if (invalid.length > 0) {
    ignored.push(`Ignored tool=${describeValue(invalid)}: not a tool name`)
  }
  const known = context.knownTools === null ? null : new Set(context.knownTools)
  const unknown = known === null ? [] : values.filter((tool) => !known.has(tool))
  if (unknown.length > 0) {
    const list = unknown.map((tool) => `tool=${describeValue(tool)}`).join(', ')
    ignored.push(`Ignored ${list}: not ${unknown.length === 1 ? 'a known tool' : 'known tools'}`)
  }
  const kept = known === null ? values : values.filter((tool) => known.has(tool))
  return [...new Set(kept)].sort(compareStrings)
}

/**
 * The filters a URL fixes on its own, before the installation's data is known: null unless it
 * names both days as a valid custom range and nothing in it is ignored (then `/meta` and the
 * catalogue could change the answer, except for tools the catalogue later drops). Lets a page ask
 * for its data while `/meta` is still on its way.
 */
export function filtersBeforeData(raw: UncheckedSearch, defaultZone: string): Filters | null {
  const given = (key: string) => readSingle(raw, key, []) !== undefined
  if (!given('from') || !given('to')) return null
  const context = { latestAt: null, earliestAt: null, knownTools: null, defaultZone, nowMs: 0 }
  const { filters, ignored } = parseFilters(raw, context)
  return ignored.length === 0 && filters.preset === 'custom' ? filters : null
}
