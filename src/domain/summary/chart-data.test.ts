import { describe, expect, it } from 'vitest'
import {
  OTHER_TOOLS_LABEL,
  outcomeSeries,
  pointKeyOf,
  seriesOptionsFor,
  toolBars,
} from './chart-data'
import { emptySummary, type ToolSummary } from './summary'
import { toolRows } from './tool-rows'

const summaryWith = (byTool: ToolSummary['byTool'], byDay: ToolSummary['byDay'] = {}) => ({
  ...emptySummary(),
  byTool,
  byDay,
})

describe('toolBars', () => {
  const byTool = Object.fromEntries(
    Array.from({ length: 18 }, (_, i) => [
      `tool_${String(i).padStart(2, '0')}`,
      {
        succeeded: i + 1,
        failed: 1,
        ...(i % 5 === 0 ? { 'refused:arguments': (i / 5 + 1) * 3 } : {}),
      },
    ]),
  )
  const rows = toolRows(summaryWith(byTool))

  it('keeps the 15 tools with most calls and sums the rest apart, as "other tools"', () => {
    const { bars, other } = toolBars(rows)
    expect(bars).toHaveLength(15)
    expect(bars[0]).toMatchObject({ tool: 'tool_15', calls: 16 + 1 + 12 })
    expect(bars.map((b) => b.tool)).not.toContain(null)
    expect(other).toMatchObject({ label: OTHER_TOOLS_LABEL, tool: null, tools: 3 })
    expect(other?.calls).toBe(
      rows.filter((r) => !bars.some((b) => b.tool === r.tool)).reduce((n, r) => n + r.calls, 0),
    )
  })

  it('ranks by argument refusals: only tools with some, most first, the rest in "other"', () => {
    const { bars, other } = toolBars(rows, 'refusedArguments')
    expect(bars.map((b) => [b.tool, b.refusedArguments])).toEqual([
      ['tool_15', 12],
      ['tool_10', 9],
      ['tool_05', 6],
      ['tool_00', 3],
    ])
    expect(other).toMatchObject({ tools: 14, refusedArguments: 0, failed: 14 })
  })

  it('ranks ties by calls, then by name', () => {
    const { bars } = toolBars(rows, 'failed', 3)
    expect(bars.map((b) => b.tool)).toEqual(['tool_15', 'tool_10', 'tool_17'])
  })

  it('has no "other tools" when every tool has a bar, and no bars without rows', () => {
    expect(toolBars(toolRows(summaryWith({ a: { succeeded: 1 } })))).toMatchObject({
      bars: [{ tool: 'a' }],
      other: null,
    })
    expect(toolBars([])).toEqual({ bars: [], other: null })
  })
})

describe('pointKeyOf', () => {
  const points = [
    { key: '2026-W31', first: '2026-08-01', last: '2026-08-02' },
    { key: '2026-W32', first: '2026-08-03', last: '2026-08-09' },
  ]
  it('finds the bucket holding a day, null outside them or without a day', () => {
    expect(pointKeyOf(points, '2026-08-05')).toBe('2026-W32')
    expect(pointKeyOf(points, '2026-08-01')).toBe('2026-W31')
    expect(pointKeyOf(points, '2026-08-10')).toBeNull()
    expect(pointKeyOf(points, null)).toBeNull()
    expect(pointKeyOf([], '2026-08-05')).toBeNull()
  })
})

describe('outcomeSeries', () => {
  const summary = summaryWith(
    {},
    {
      '2026-09-02': { succeeded: 3, failed: 1, 'refused:arguments': 2, 'refused:budget': 1 },
      '2026-09-03': { 'refused:turn': 1 },
    },
  )

  it('is per day: zero inside the data, a gap (null) outside it', () => {
    const { granularity, points } = outcomeSeries(summary, {
      from: '2026-08-31',
      to: '2026-09-04',
      dataFirst: '2026-09-01',
      dataLast: '2026-09-03',
    })
    expect(granularity).toBe('day')
    expect(points.map((p) => [p.key, p.calls, p.failed])).toEqual([
      ['2026-08-31', null, null],
      ['2026-09-01', 0, 0],
      ['2026-09-02', 7, 1],
      ['2026-09-03', 1, 0],
      ['2026-09-04', null, null],
    ])
    expect(points[2]).toMatchObject({
      succeeded: 3,
      refusedArguments: 2,
      refusedTurn: 0,
      refusedOther: 1,
    })
  })

  it('is per ISO week past 92 days, a week being a gap only when no day has data', () => {
    const { granularity, points } = outcomeSeries(summary, {
      from: '2026-08-01',
      to: '2026-11-30',
      dataFirst: '2026-08-31',
      dataLast: '2026-09-03',
    })
    expect(granularity).toBe('week')
    expect(points[0]).toMatchObject({
      key: '2026-W31',
      first: '2026-08-01',
      last: '2026-08-02',
      calls: null,
    })
    const week36 = points.find((p) => p.key === '2026-W36')
    expect(week36).toMatchObject({
      first: '2026-08-31',
      days: 7,
      daysWithData: 4,
      calls: 8,
      refusedTurn: 1,
    })
    expect(points.at(-1)).toMatchObject({ key: '2026-W49', last: '2026-11-30', calls: null })
    expect(
      outcomeSeries(summary, {
        from: '2026-05-01',
        to: '2026-07-31',
        dataFirst: null,
        dataLast: null,
      }).granularity,
    ).toBe('day')
  })

  it('shows counts even on a day outside the stated data, and nothing for a reversed range', () => {
    const outside = outcomeSeries(summary, {
      from: '2026-09-02',
      to: '2026-09-02',
      dataFirst: null,
      dataLast: null,
    })
    expect(outside.points[0]?.calls).toBe(7)
    expect(
      outcomeSeries(summary, {
        from: '2026-09-02',
        to: '2026-09-01',
        dataFirst: null,
        dataLast: null,
      }).points,
    ).toEqual([])
  })

  it('is per calendar month past 53 weeks, so a long range stays a few dozen buckets', () => {
    const year = outcomeSeries(summary, {
      from: '2025-12-01',
      to: '2026-11-30',
      dataFirst: '2026-08-31',
      dataLast: '2026-09-03',
    })
    expect(year.granularity).toBe('week')
    expect(year.points.length).toBeLessThanOrEqual(53)
    const long = outcomeSeries(summary, {
      from: '2025-08-15',
      to: '2026-09-10',
      dataFirst: '2026-08-31',
      dataLast: '2026-09-03',
    })
    expect(long.granularity).toBe('month')
    expect(long.points.map((p) => p.key)).toEqual([
      '2025-08',
      '2025-09',
      '2025-10',
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
    ])
    expect(long.points[0]).toMatchObject({ first: '2025-08-15', last: '2025-08-31', calls: null })
    expect(long.points.at(-1)).toMatchObject({
      first: '2026-09-01',
      last: '2026-09-10',
      days: 10,
      daysWithData: 3,
      calls: 8,
    })
    expect(long.points.find((p) => p.key === '2026-08')).toMatchObject({ calls: 0, days: 31 })
    const tenYears = outcomeSeries(summary, {
      from: '2016-12-01',
      to: '2026-11-30',
      dataFirst: null,
      dataLast: null,
    })
    expect(tenYears.granularity).toBe('quarter')
    expect(tenYears.points).toHaveLength(41)
  })
})

describe('outcomeSeries over many years', () => {
  it('never has more than 53 buckets, however long the range (quarters past 53 months)', () => {
    const summary = summaryWith({}, { '2020-02-15': { succeeded: 2 }, '2020-03-31': { failed: 1 } })
    const tenYears = outcomeSeries(summary, {
      from: '2016-11-29',
      to: '2026-11-28',
      dataFirst: '2016-11-29',
      dataLast: '2026-11-28',
    })
    expect(tenYears.points.length).toBeLessThanOrEqual(53)
    expect(tenYears.granularity).toBe('quarter')
    expect(tenYears.points[0]).toMatchObject({
      key: '2016-Q4',
      first: '2016-11-29',
      last: '2016-12-31',
      days: 33,
    })
    expect(tenYears.points.find((p) => p.key === '2020-Q1')).toMatchObject({
      first: '2020-01-01',
      last: '2020-03-31',
      days: 91,
      calls: 3,
      succeeded: 2,
      failed: 1,
    })
    expect(tenYears.points.at(-1)).toMatchObject({
      key: '2026-Q4',
      first: '2026-10-01',
      last: '2026-11-28',
    })
    // Every day of the range is in exactly one bucket.
    expect(tenYears.points.reduce((n, p) => n + p.days, 0)).toBe(3652)
    // Up to 53 months stay monthly.
    const fourYears = outcomeSeries(summary, {
      from: '2022-01-01',
      to: '2026-05-31',
      dataFirst: null,
      dataLast: null,
    })
    expect(fourYears.granularity).toBe('month')
    expect(fourYears.points).toHaveLength(53)
  })
})

describe('outcomeSeries bucket labels', () => {
  const summary = summaryWith({}, { '2026-08-01': { succeeded: 1 } })

  it('names the days of a week or month bucket, and says when it holds only part of it', () => {
    const weeks = outcomeSeries(summary, {
      from: '2026-08-01',
      to: '2026-11-30',
      dataFirst: '2026-08-01',
      dataLast: '2026-11-30',
    })
    expect(weeks.points[0]).toMatchObject({
      key: '2026-W31',
      label: '2026-08-01',
      period: '2026-08-01 to 2026-08-02 (2 of 7 days of week 2026-W31)',
    })
    expect(weeks.points[1]).toMatchObject({
      label: '2026-08-03',
      period: '2026-08-03 to 2026-08-09 (week 2026-W32)',
    })
    expect(weeks.points.at(-1)).toMatchObject({
      label: '2026-11-30',
      period: '2026-11-30 (1 of 7 days of week 2026-W49)',
    })
    const months = outcomeSeries(summary, {
      from: '2025-08-15',
      to: '2026-09-10',
      dataFirst: null,
      dataLast: null,
    })
    expect(months.points[0]).toMatchObject({
      label: '2025-08',
      period: '2025-08-15 to 2025-08-31 (17 of 31 days of 2025-08)',
    })
    expect(months.points[1]).toMatchObject({
      label: '2025-09',
      period: '2025-09-01 to 2025-09-30 (2025-09)',
    })
    const quarters = outcomeSeries(summary, {
      from: '2016-11-29',
      to: '2026-11-28',
      dataFirst: null,
      dataLast: null,
    })
    expect(quarters.points[0]).toMatchObject({
      label: '2016-Q4',
      period: '2016-11-29 to 2016-12-31 (33 of 92 days of 2016-Q4)',
    })
    expect(quarters.points.find((p) => p.key === '2024-Q1')).toMatchObject({
      period: '2024-01-01 to 2024-03-31 (2024-Q1)',
    })
    const days = outcomeSeries(summary, {
      from: '2026-08-01',
      to: '2026-08-02',
      dataFirst: null,
      dataLast: null,
    })
    expect(days.points.map((p) => [p.label, p.period])).toEqual([
      ['2026-08-01', '2026-08-01'],
      ['2026-08-02', '2026-08-02'],
    ])
  })
})

describe('seriesOptionsFor in zones that skip a day', () => {
  it('draws a day the zone skipped (Pacific/Apia, 2011-12-30) as a gap, not as a day of 0 calls', () => {
    const summary = summaryWith(
      {},
      { '2011-12-29': { succeeded: 2 }, '2011-12-31': { succeeded: 1, failed: 1 } },
    )
    const meta = { earliestAt: '2011-12-01T00:00:00Z', latestAt: '2012-02-01T00:00:00Z' }
    const apia = outcomeSeries(
      summary,
      seriesOptionsFor({ from: '2011-12-28', to: '2012-01-01', tz: 'Pacific/Apia' }, meta),
    )
    expect(apia.points.map((p) => [p.key, p.calls])).toEqual([
      ['2011-12-28', 0],
      ['2011-12-29', 2],
      ['2011-12-30', null],
      ['2011-12-31', 2],
      ['2012-01-01', 0],
    ])
    // The same days elsewhere existed, and held no call.
    const utc = outcomeSeries(
      summary,
      seriesOptionsFor({ from: '2011-12-30', to: '2011-12-30', tz: 'UTC' }, meta),
    )
    expect(utc.points[0]?.calls).toBe(0)
    // In a week, the skipped day is not a day with data.
    const weeks = outcomeSeries(
      summary,
      seriesOptionsFor({ from: '2011-09-01', to: '2012-01-15', tz: 'Pacific/Apia' }, meta),
    )
    expect(
      weeks.points.find((p) => p.first <= '2011-12-30' && '2011-12-30' <= p.last),
    ).toMatchObject({
      days: 7,
      daysWithData: 6,
      calls: 4,
    })
  })
})
