import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { rangedWindows } from '@/domain/effect'
import type { Filters } from '@/domain/filters'
import { dayRangeToInstants } from '@/domain/time'
import { TimeStrip } from './time-strip'

const data = { earliestMs: Date.UTC(2026, 8, 1), latestMs: Date.UTC(2026, 10, 28, 18) }
const filters = (from: string, to: string): Filters => ({
  from,
  to,
  tz: 'UTC',
  tools: [],
  preset: 'custom',
})
const strip = (from: string, to: string) => {
  const f = filters(from, to)
  const ranged = rangedWindows(
    Date.UTC(2026, 10, 5, 9),
    14,
    data,
    dayRangeToInstants(from, to, 'UTC'),
    'UTC',
  )
  return <TimeStrip filters={f} ranged={ranged} />
}

describe('TimeStrip', () => {
  it('labels the range and both windows with their days, and what each part counts', () => {
    render(strip('2026-10-01', '2026-11-28'))
    const figure = screen.getByRole('figure', { name: /Which days each part counts/ })
    expect(figure).toHaveAccessibleName(
      'Which days each part counts. The chart shows the date range; the cards and table count 14 days on each side of the decision inside it.',
    )
    expect(
      within(figure)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Date range: the chart 1 Oct 2026 to 28 Nov 2026',
      'Before the decision: cards and table 2026-10-22 09:00 (UTC) to 2026-11-05 09:00 (UTC)',
      'After the decision: cards and table 2026-11-05 09:00 (UTC) to 2026-11-19 09:00 (UTC)',
    ])
  })

  it('shows windows cut by the range at the length the cards count', () => {
    render(strip('2026-11-03', '2026-12-02'))
    expect(screen.getByRole('figure')).toHaveAccessibleName(
      'Which days each part counts. The chart shows the date range; the cards and table count 2.4 days on each side of the decision inside it.',
    )
    expect(screen.getByText(/2026-11-03 00:00 \(UTC\) to 2026-11-05 09:00/)).toBeInTheDocument()
  })

  it('says when the range holds no days around the decision, not that nothing was recorded', () => {
    render(strip('2026-11-26', '2026-12-02'))
    expect(screen.getByRole('figure')).toHaveAccessibleName(
      'Which days each part counts. The chart shows the date range; it holds no days to compare around the decision.',
    )
    expect(screen.getAllByText('none in the date range')).toHaveLength(2)
  })
})
