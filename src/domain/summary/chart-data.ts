import type { Meta } from '../contract'
import { dataDays, type Filters } from '../filters'
import { daySpan, eachDay, groupDaysByWeek, skippedDays, type IsoDay } from '../time'
import { compareStrings, emptyRecord, type Counts } from './records'
import type { ToolSummary } from './summary'
import { countsRowOf, totalsRow, type CountsRow, type ToolRow } from './tool-rows'

/** How many tools get their own bar; the rest share one "other tools" bar. */
export const TOP_TOOLS = 15
/** Ranges longer than this many days are charted by ISO week instead of by day. */
export const WEEKLY_AFTER_DAYS = 92
/** Ranges longer than this many days (53 weeks) are charted by calendar month. */
export const MONTHLY_AFTER_DAYS = 371
/**
 * The most buckets a series has: a range of more calendar months than this is charted by
 * calendar quarter, so a chart never has more than 53 buckets of up to six outcome segments, at
 * most a few hundred marks, however long the range (decision 0016; ten years are 41 quarters).
 */
export const MAX_MONTH_BUCKETS = 53
export const OTHER_TOOLS_LABEL = 'other tools'

/** One stacked bar: a tool, or all tools past the top ones (`tool: null`). */
export interface ToolBar {
  label: string
  tool: string | null
  /** How many tools the bar stands for (1, or the number folded into "other tools"). */
  tools: number
  calls: number
  succeeded: number
  failed: number
  denied: number
  refusedArguments: number
  refusedTurn: number
  refusedOther: number
}

const barOf = (label: string, tool: string | null, tools: number, row: CountsRow): ToolBar => ({
  label,
  tool,
  tools,
  calls: row.calls,
  succeeded: row.succeeded,
  failed: row.failed,
  denied: row.denied,
  refusedArguments: row.refusedArguments,
  refusedTurn: row.refusedTurn,
  refusedOther: row.refusedOther,
})

/** What the per-tool chart ranks its tools by. */
export const TOOL_BAR_ORDERS = ['calls', 'failed', 'refused', 'refusedArguments'] as const
export type ToolBarOrder = (typeof TOOL_BAR_ORDERS)[number]

/** The bars of the per-tool chart and, apart, the tools that got no bar of their own. */
export interface ToolBarSet {
  bars: ToolBar[]
  /**
   * All tools past the top ones as one sum (`tool: null`), or null when every tool has a bar.
   * Charts name it in words and never draw it to their scale: a sum of dozens of tools would
   * squash every bar beside it.
   */
  other: ToolBar | null
}

/**
 * Bars for the `limit` tools with most `order` (calls, failed calls, refused calls or calls
 * refused for arguments; ties by calls, then by name). Ranked by an outcome, a tool with none of
 * it gets no bar of its own. Every other tool is summed into `other`. No rows give no bars.
 */
export function toolBars(
  rows: readonly ToolRow[],
  order: ToolBarOrder = 'calls',
  limit: number = TOP_TOOLS,
): ToolBarSet {
  const sorted = [...rows].sort(
    (a, b) => b[order] - a[order] || b.calls - a.calls || compareStrings(a.tool, b.tool),
  )
  const ranked = order === 'calls' ? sorted : sorted.filter((row) => row[order] > 0)
  const top = ranked.slice(0, Math.max(0, limit))
  const kept = new Set(top)
  const rest = sorted.filter((row) => !kept.has(row))
  return {
    bars: top.map((row) => barOf(row.tool, row.tool, 1, row)),
    other: rest.length > 0 ? barOf(OTHER_TOOLS_LABEL, null, rest.length, totalsRow(rest)) : null,
  }
}

/** The bucket of `points` holding `day`, its key; null for no day or a day outside them all. */
export function pointKeyOf(
  points: ReadonlyArray<Pick<SeriesPoint, 'key' | 'first' | 'last'>>,
  day: IsoDay | null,
): string | null {
  if (day === null) return null
  return points.find((p) => p.first <= day && day <= p.last)?.key ?? null
}

/**
 * One chart bucket (a day or an ISO week clipped to the range). Counts are null — a gap — when
 * none of its days lies within the recorded data and none holds a call; a day within the data
 * without calls is a true 0.
 */
export interface SeriesPoint {
  key: string
  /**
   * The bucket's axis label: its day, a week's first day in the range (an ISO week number
   * names no day), the month `2026-09` or the quarter `2026-Q4`.
   */
  label: string
  /**
   * The bucket's days in words, for its tooltip: `2026-11-05`, or
   * `2026-08-03 to 2026-08-09 (week 2026-W32)`, a bucket the range cuts saying how much of it
   * it holds: `2026-08-01 to 2026-08-02 (2 of 7 days of week 2026-W31)`.
   */
  period: string
  first: IsoDay
  last: IsoDay
  days: number
  daysWithData: number
  calls: number | null
  succeeded: number | null
  failed: number | null
  denied: number | null
  refusedArguments: number | null
  refusedTurn: number | null
  refusedOther: number | null
}

export interface SeriesOptions {
  from: IsoDay
  to: IsoDay
  /** First and last day with recorded data in the zone (`dataDays`); null when none. */
  dataFirst: IsoDay | null
  dataLast: IsoDay | null
  weeklyAfterDays?: number
  monthlyAfterDays?: number
  /** Days the zone skipped (Pacific/Apia's 2011-12-30): never a day with data. */
  skippedDays?: ReadonlySet<IsoDay>
}

export type SeriesGranularity = 'day' | 'week' | 'month' | 'quarter'

/** The calendar quarter of a day, `2026-Q4`. */
const quarterOf = (day: IsoDay): string =>
  `${day.slice(0, 4)}-Q${Math.floor((Number(day.slice(5, 7)) - 1) / 3) + 1}`

/**
 * Consecutive days grouped by a key of each day (its month `YYYY-MM`, its quarter), in order,
 * partial at both ends; [] for no days.
 */
function groupDaysBy(
  days: readonly IsoDay[],
  keyOf: (day: IsoDay) => string,
): { key: string; days: IsoDay[] }[] {
  const groups: { key: string; days: IsoDay[] }[] = []
  for (const day of days) {
    const key = keyOf(day)
    const last = groups[groups.length - 1]
    if (last !== undefined && last.key === key) last.days.push(day)
    else groups.push({ key, days: [day] })
  }
  return groups
}

const monthOf = (day: IsoDay): string => day.slice(0, 7)

/** Days in month `month` (1–12) of `year`. */
const monthLength = (year: number, month: number): number =>
  new Date(Date.UTC(year, month, 0)).getUTCDate()

/** How many days the whole bucket holding `day` has (a week 7, a month or quarter its own). */
function wholeBucketDays(granularity: SeriesGranularity, day: IsoDay): number {
  if (granularity === 'day') return 1
  if (granularity === 'week') return 7
  const year = Number(day.slice(0, 4))
  const month = Number(day.slice(5, 7))
  if (granularity === 'month') return monthLength(year, month)
  const firstMonth = Math.floor((month - 1) / 3) * 3 + 1
  return [0, 1, 2].reduce((n, i) => n + monthLength(year, firstMonth + i), 0)
}

/** The axis label and the tooltip's words of a bucket (see {@link SeriesPoint}). */
function bucketNames(
  granularity: SeriesGranularity,
  key: string,
  days: readonly IsoDay[],
): { label: string; period: string } {
  const first = days[0] ?? ''
  const last = days[days.length - 1] ?? first
  if (granularity === 'day') return { label: key, period: key }
  const span = first === last ? first : `${first} to ${last}`
  const name = granularity === 'week' ? `week ${key}` : key
  const whole = wholeBucketDays(granularity, first)
  const part = days.length < whole ? `${days.length} of ${whole} days of ${name}` : name
  return { label: granularity === 'week' ? first : key, period: `${span} (${part})` }
}

/**
 * The outcome series of `from`..`to`: per day, per ISO week when the range is longer than
 * {@link WEEKLY_AFTER_DAYS} days, per calendar month when longer than {@link MONTHLY_AFTER_DAYS},
 * per calendar quarter when that would be more than {@link MAX_MONTH_BUCKETS} months.
 * An empty or reversed range gives no points.
 */
export function outcomeSeries(
  summary: ToolSummary,
  options: SeriesOptions,
): { granularity: SeriesGranularity; points: SeriesPoint[] } {
  const { from, to, dataFirst, dataLast } = options
  const span = daySpan(from, to)
  const days = eachDay(from, to)
  let granularity: SeriesGranularity = 'day'
  let groups = days.map((day) => ({ key: day, days: [day] }))
  if (span > (options.monthlyAfterDays ?? MONTHLY_AFTER_DAYS)) {
    groups = groupDaysBy(days, monthOf)
    granularity = 'month'
    if (groups.length > MAX_MONTH_BUCKETS) {
      groups = groupDaysBy(days, quarterOf)
      granularity = 'quarter'
    }
  } else if (span > (options.weeklyAfterDays ?? WEEKLY_AFTER_DAYS)) {
    groups = groupDaysByWeek(days).map((week) => ({ key: week.key, days: week.days }))
    granularity = 'week'
  }
  const skipped = options.skippedDays
  const inData = (day: IsoDay): boolean =>
    dataFirst !== null &&
    dataLast !== null &&
    day >= dataFirst &&
    day <= dataLast &&
    skipped?.has(day) !== true
  const points = groups.map(({ key, days: groupDays }) => {
    const outcomes = emptyRecord<number>()
    let daysWithData = 0
    let counted = false
    for (const day of groupDays) {
      if (inData(day)) daysWithData++
      const counts: Counts | undefined = summary.byDay[day]
      if (counts === undefined) continue
      counted = true
      for (const [outcome, n] of Object.entries(counts))
        outcomes[outcome] = (outcomes[outcome] ?? 0) + n
    }
    const gap = daysWithData === 0 && !counted
    const totals = countsRowOf(outcomes)
    const value = (n: number): number | null => (gap ? null : n)
    return {
      key,
      ...bucketNames(granularity, key, groupDays),
      first: groupDays[0] ?? from,
      last: groupDays[groupDays.length - 1] ?? to,
      days: groupDays.length,
      daysWithData,
      calls: value(totals.calls),
      succeeded: value(totals.succeeded),
      failed: value(totals.failed),
      denied: value(totals.denied),
      refusedArguments: value(totals.refusedArguments),
      refusedTurn: value(totals.refusedTurn),
      refusedOther: value(totals.refusedOther),
    }
  })
  return { granularity, points }
}

/**
 * The series options of the filters' range: gaps where the installation has no recorded data
 * (`earliestAt`/`latestAt` of `/meta`, read as days in the filters' zone) and on days the zone
 * skipped. A meta without recorded data makes every bucket outside the summary's days a gap.
 * Finding the skipped days takes a few milliseconds for ten years, so a chart makes these once
 * per range and draws each new summary with {@link outcomeSeries}.
 */
export function seriesOptionsFor(
  filters: Pick<Filters, 'from' | 'to' | 'tz'>,
  meta: Pick<Meta, 'earliestAt' | 'latestAt'>,
): SeriesOptions {
  const data = dataDays(
    {
      latestAt: meta.latestAt,
      earliestAt: meta.earliestAt,
      knownTools: null,
      defaultZone: filters.tz,
    },
    filters.tz,
  )
  return {
    from: filters.from,
    to: filters.to,
    dataFirst: meta.earliestAt === null ? null : data.first,
    dataLast: meta.latestAt === null ? null : data.last,
    skippedDays: new Set(skippedDays(filters.from, filters.to, filters.tz)),
  }
}
