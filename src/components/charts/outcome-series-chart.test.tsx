import { render, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { SeriesPoint } from '../../domain/summary'
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
  await waitFor(() => expect(container.querySelector('svg')).not.toBeNull())
  return container.querySelector('svg') as SVGSVGElement
}

const titles = (root: Element) =>
  [...root.querySelectorAll('.chart-segment title')].map((t) => t.textContent)

describe('OutcomeSeriesChart', () => {
  it('stacks each bucket by outcome, draws nothing for a gap and names every segment', async () => {
    const { container } = render(
      <OutcomeSeriesChart points={POINTS} granularity="day" title="Calls" markerKey="2026-11-06" />,
    )
    const svg = await drawn(container)
    expect(svg).toHaveAttribute('role', 'img')
    expect(svg.getAttribute('aria-label')).toMatch(/^Stacked bars of calls per day by outcome/)
    expect(svg).toHaveAttribute('height', String(SERIES_CHART_HEIGHT - 32))
    expect(titles(svg)).toEqual([
      '2026-11-04 · Succeeded · 5 calls',
      '2026-11-04 · Failed · 2 calls',
      '2026-11-06 · Succeeded · 1 call',
      '2026-11-06 · Refused: arguments · 3 calls',
    ])
    // Segments of one bar touch: each starts where the one below ends.
    const rects = [...svg.querySelectorAll('.chart-segment')].map((r) => ({
      y: Number(r.getAttribute('y')),
      h: Number(r.getAttribute('height')),
    }))
    expect(rects[0]?.y).toBeCloseTo((rects[1]?.y ?? 0) + (rects[1]?.h ?? 0))
    expect((rects[0]?.h ?? 0) / (rects[1]?.h ?? 1)).toBeCloseTo(5 / 2)
    // Ticks at a step of 2 up to 8 for a highest bar of 7.
    const ticks = [...svg.querySelectorAll('text')].map((t) => t.textContent)
    expect(ticks.slice(0, 5)).toEqual(['0', '2', '4', '6', '8'])
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
    const marker = svg.querySelectorAll('.chart-marker')
    expect(marker).toHaveLength(1)
    expect(marker[0]?.textContent).toBe('decision')
    const line = marker[0]?.querySelector('line')
    const lastBar = svg.querySelectorAll('.chart-segment')[3]
    const barCentre =
      Number(lastBar?.getAttribute('x')) + Number(lastBar?.getAttribute('width')) / 2
    expect(Number(line?.getAttribute('x1'))).toBeCloseTo(barCentre)
    rerender(
      <OutcomeSeriesChart points={POINTS} granularity="day" title="Calls" markerKey={null} />,
    )
    expect(container.querySelectorAll('.chart-marker')).toHaveLength(0)
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
    expect(svg.querySelectorAll('.chart-segment')).toHaveLength(0)
    expect([...svg.querySelectorAll('text')].map((t) => t.textContent)).toEqual([
      '0',
      '2026-11-04',
      '2026-11-05',
    ])
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
    expect(titles(svg)).toEqual([
      '2026-08-01 to 2026-08-02 (2 of 7 days) · Succeeded · 3 calls',
      '2026-08-03 to 2026-08-09 (week) · Failed · 1 call',
    ])
    const ticks = [...svg.querySelectorAll('.chart__tick--small')].map((t) => t.textContent)
    expect(ticks).toEqual(['2026-08-01', '2026-08-03'])
    const label = svg.getAttribute('aria-label') ?? ''
    expect(label).toContain('2026-08-01 to 2026-08-09')
    expect(label).toContain('marks the decision (2026-08-03 to 2026-08-09 (week))')
    expect(label).not.toContain('W3')
  })
})
