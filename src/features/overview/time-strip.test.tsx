import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { effectWindows } from '@/domain/effect'
import type { Filters } from '@/domain/filters'
import { TimeStrip } from './time-strip'

const windows = effectWindows(Date.UTC(2026, 10, 5, 9), 14, {
  earliestMs: Date.UTC(2026, 8, 1),
  latestMs: Date.UTC(2026, 10, 28, 18),
})
const filters = (from: string, to: string): Filters => ({
  from,
  to,
  tz: 'UTC',
  tools: [],
  preset: 'custom',
})

describe('TimeStrip', () => {
  it('labels the range and both windows with their days, and what each part counts', () => {
    render(<TimeStrip filters={filters('2026-11-26', '2026-12-02')} windows={windows} />)
    const figure = screen.getByRole('figure', { name: /Which days each part counts/ })
    expect(figure).toHaveAccessibleName(
      'Which days each part counts. The compared windows lie outside the date range: the cards and table do not change with it.',
    )
    expect(
      within(figure)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Date range: the chart 26 Nov 2026 to 2 Dec 2026',
      'Before the decision: cards and table 2026-10-22 09:00 (UTC) to 2026-11-05 09:00 (UTC)',
      'After the decision: cards and table 2026-11-05 09:00 (UTC) to 2026-11-19 09:00 (UTC)',
    ])
  })

  it('says when the windows lie inside the range', () => {
    render(<TimeStrip filters={filters('2026-10-01', '2026-11-28')} windows={windows} />)
    expect(screen.getByRole('figure')).toHaveAccessibleName(
      'Which days each part counts. The compared windows lie inside the date range.',
    )
  })
})
