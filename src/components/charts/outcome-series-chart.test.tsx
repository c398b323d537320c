import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { SeriesPoint } from '@/domain/summary'
import { OutcomeSeriesChart, SERIES_CHART_HEIGHT } from './outcome-series-chart'

const point = (key: string, counts: Partial<SeriesPoint> | null): SeriesPoint => {
  const n = (k: keyof SeriesPoint) => (counts === null ? null : Number(counts[k] ?? 0))
  return {
    key,
    label: key,
    period: key,
    first: key,
    last: key,
    days: 1,
    daysWithData: counts === null ? 0 : 1,
    calls: n('calls'),
    succeeded: n('succeeded'),
    failed: n('failed'),
    denied: n('denied'),
    refusedArguments: n('refusedArguments'),
    refusedTurn: n('refusedTurn'),
    refusedOther: n('refusedOther'),
  }
}

const POINTS = [
  point('2026-11-04', { calls: 7, succeeded: 5, failed: 2 }),
  point('2026-11-05', null),
  point('2026-11-06', { calls: 4, succeeded: 1, refusedArguments: 3 }),
]

beforeEach(() => {
  // jsdom has no layout: give the chart's box a width so it draws.
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(
    new DOMRect(0, 0, 800, 0),
  )
})

async function drawn(container: HTMLElement) {
  await waitFor(() => expect(container.querySelector('.recharts-xAxis-tick-labels')).not.toBeNull())
  return container.querySelector('svg.recharts-surface') as SVGSVGElement
}

/** Each drawn segment: its series (by colour order) and its box. */
const segments = (svg: Element) =>
  [...svg.querySelectorAll('.chart-series')]
    .filter((g) => g.tagName === 'g')
    .map((g) =>
      [...g.querySelectorAll('path.recharts-rectangle')].map((p) => ({
        name: p.getAttribute('name'),
        x: Number(p.getAttribute('x')),
        y: Number(p.getAttribute('y')),
        w: Number(p.getAttribute('width')),
        h: Number(p.getAttribute('height')),
      })),
    )

const yTicks = (svg: Element) =>
  [...svg.querySelectorAll('.recharts-yAxis-tick-labels text')].map((t) => t.textContent)
const xTicks = (svg: Element) =>
  [...svg.querySelectorAll('.recharts-xAxis-tick-labels text')].map((t) => t.textContent)

async function tooltipAfter(container: HTMLElement, keys: string[]) {
  const svg = await drawn(container)
  svg.focus()
  for (const key of keys) fireEvent.keyDown(svg, { key })
  return waitFor(() => {
    const tip = container.querySelector('.chart-tooltip')
    expect(tip).not.toBeNull()
    return tip as HTMLElement
  })
}

describe('OutcomeSeriesChart', () => {
  it('stacks each bucket by outcome and draws nothing for a gap', async () => {
    const { container } = render(
      <OutcomeSeriesChart points={POINTS} granularity="day" title="Calls" markerKey="2026-11-06" />,
    )
    const svg = await drawn(container)
    expect(svg).toHaveAttribute('role', 'application')
    expect(svg.querySelector('title')?.textContent).toMatch(
      /^Stacked bars of calls per day by outcome, 2026-11-04 to 2026-11-06, up to 7 calls/,
    )
    expect(svg).toHaveAttribute('height', String(SERIES_CHART_HEIGHT - 32))
    const [succeeded, failed, refused] = segments(svg)
    // One segment per bucket with calls of that outcome; the gap (11-05) has none.
    expect(succeeded?.map((s) => s.name)).toEqual(['Succeeded', 'Succeeded'])
    expect(failed).toHaveLength(1)
    expect(refused).toHaveLength(1)
    // Segments of one bar touch: failed starts where succeeded ends, 5 : 2 high.
    const [s0] = succeeded ?? []
    const [f0] = failed ?? []
    expect((f0?.y ?? 0) + (f0?.h ?? 0)).toBeCloseTo(s0?.y ?? 1)
    expect((s0?.h ?? 0) / (f0?.h ?? 1)).toBeCloseTo(5 / 2)
    // Ticks at a step of 2 up to 8 for a highest bar of 7.
    expect(yTicks(svg)).toEqual(['0', '2', '4', '6', '8'])
    expect(xTicks(svg)).toEqual(['2026-11-04', '2026-11-05', '2026-11-06'])
    expect(svg.innerHTML).not.toContain('NaN')
  })

  it('lists only the series with calls in the legend, in the outcome order', async () => {
    const { container } = render(
      <OutcomeSeriesChart points={POINTS} granularity="day" title="Calls" />,
    )
    await drawn(container)
    const legend = within(screen.getByRole('list')).getAllByRole('listitem')
    expect(legend.map((li) => li.textContent)).toEqual([
      'Succeeded',
      'Failed',
      'Refused: arguments',
    ])
  })

  it('draws the marker at its bucket with its label, and none without a key', async () => {
    const { container, rerender } = render(
      <OutcomeSeriesChart
        points={POINTS}
        granularity="day"
        title="Calls"
        markerKey="2026-11-06"
        markerLabel="decision"
      />,
    )
    const svg = await drawn(container)
    await waitFor(() => expect(svg.querySelectorAll('.chart-marker')).toHaveLength(1))
    const marker = svg.querySelector('.chart-marker')
    expect(svg.querySelector('.chart-marker__label')?.textContent).toBe('decision')
    const line = marker?.querySelector('line')
    const lastBar = segments(svg)[0]?.[1]
    expect(Number(line?.getAttribute('x1'))).toBeCloseTo(
      (lastBar?.x ?? 0) + (lastBar?.w ?? 0) / 2,
      0,
    )
    rerender(
      <OutcomeSeriesChart points={POINTS} granularity="day" title="Calls" markerKey={null} />,
    )
    await waitFor(() => expect(container.querySelectorAll('.chart-marker')).toHaveLength(0))
  })

  it('shows a bucket’s numbers in a tooltip by keyboard, a gap as no data', async () => {
    const { container } = render(
      <OutcomeSeriesChart points={POINTS} granularity="day" title="Calls" />,
    )
    // Focus shows the first bucket; an arrow moves to the next.
    const first = await tooltipAfter(container, [])
    expect(first.textContent).toContain('2026-11-04')
    expect(first.textContent).toContain('Succeeded5 calls')
    expect(first.textContent).toContain('Failed2 calls')
    expect(first.textContent).toContain('All calls7 calls')
    fireEvent.keyDown(container.querySelector('svg.recharts-surface') as Element, {
      key: 'ArrowRight',
    })
    await waitFor(() =>
      expect(container.querySelector('.chart-tooltip')?.textContent).toContain('2026-11-05'),
    )
    expect(container.querySelector('.chart-tooltip')?.textContent).toContain('All callsno data')
  })

  it('opens the runs behind a clicked segment: its bucket and outcome', async () => {
    const open = vi.fn()
    const { container } = render(
      <OutcomeSeriesChart points={POINTS} granularity="day" title="Calls" onSegmentClick={open} />,
    )
    const svg = await drawn(container)
    const refused = [...svg.querySelectorAll('path.recharts-rectangle[name="Refused: arguments"]')]
    fireEvent.click(refused[0] as Element)
    expect(open).toHaveBeenCalledTimes(1)
    expect(open.mock.calls[0]?.[0]).toMatchObject({ key: '2026-11-06', refusedArguments: 3 })
    expect(open.mock.calls[0]?.[1]).toBe('refusedArguments')
  })

  it('sets the range from the brush: a handle moved by keyboard, then Enter', async () => {
    const select = vi.fn()
    const { container } = render(
      <OutcomeSeriesChart points={POINTS} granularity="day" title="Calls" onRangeSelect={select} />,
    )
    await drawn(container)
    const handles = await waitFor(() => {
      const found = screen.getAllByRole('slider')
      expect(found).toHaveLength(2)
      return found
    })
    const start = handles[0] as HTMLElement
    start.focus()
    fireEvent.keyDown(start, { key: 'ArrowRight' })
    expect(select).not.toHaveBeenCalled()
    fireEvent.keyUp(start, { key: 'Enter' })
    await waitFor(() => expect(select).toHaveBeenCalledTimes(1))
    expect(select.mock.calls[0]?.[0]).toMatchObject({ first: '2026-11-05' })
    expect(select.mock.calls[0]?.[1]).toMatchObject({ last: '2026-11-06' })
  })

  it('draws an axis with a single 0 and no bars when every bucket is 0 or a gap', async () => {
    const { container } = render(
      <OutcomeSeriesChart
        points={[point('2026-11-04', {}), point('2026-11-05', null)]}
        granularity="day"
        title="Calls"
      />,
    )
    const svg = await drawn(container)
    expect(svg.querySelectorAll('path.recharts-rectangle')).toHaveLength(0)
    expect(yTicks(svg).filter((t) => t !== '0')).toEqual([])
    expect(xTicks(svg)).toEqual(['2026-11-04', '2026-11-05'])
    expect(svg.innerHTML).not.toContain('NaN')
  })

  it('names the days of week buckets on the axis, in the tooltips and in the label', async () => {
    const week = (
      key: string,
      first: string,
      last: string,
      period: string,
      counts: Partial<SeriesPoint>,
    ): SeriesPoint => ({ ...point(key, counts), label: first, period, first, last, days: 2 })
    const { container } = render(
      <OutcomeSeriesChart
        points={[
          week('2026-W31', '2026-08-01', '2026-08-02', '2026-08-01 to 2026-08-02 (2 of 7 days)', {
            calls: 3,
            succeeded: 3,
          }),
          week('2026-W32', '2026-08-03', '2026-08-09', '2026-08-03 to 2026-08-09 (week)', {
            calls: 1,
            failed: 1,
          }),
        ]}
        granularity="week"
        title="Calls"
        markerKey="2026-W32"
      />,
    )
    const svg = await drawn(container)
    expect(xTicks(svg)).toEqual(['2026-08-01', '2026-08-03'])
    const label = svg.querySelector('title')?.textContent ?? ''
    expect(label).toContain('2026-08-01 to 2026-08-09')
    expect(label).toContain('marks the decision (2026-08-03 to 2026-08-09 (week))')
    expect(label).not.toContain('W3')
    const tip = await tooltipAfter(container, [])
    expect(tip.textContent).toContain('2026-08-01 to 2026-08-02 (2 of 7 days)')
    fireEvent.keyDown(svg, { key: 'ArrowRight' })
    await waitFor(() => expect(tip.textContent).toContain('2026-08-03 to 2026-08-09 (week)'))
  })
})
