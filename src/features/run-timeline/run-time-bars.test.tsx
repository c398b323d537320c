import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { Run } from '@/domain/contract'
import { groupRounds } from '@/domain/runs'
import { RunTimeBars } from './run-time-bars'

const run: Run = {
  uuid: 'r-wait',
  status: 'completed',
  configuration: 'page-editor',
  startedAt: '2026-11-10T10:00:00.000Z',
  finishedAt: '2026-11-10T10:17:30.000Z',
  terminationReason: 'completed',
  steps: [
    // Recorded as the CMS records them: when the work ended, the decision at round 0.
    {
      sequence: 0,
      kind: 'llm',
      round: 1,
      occurredAt: '2026-11-10T10:00:05.000Z',
      durationMs: 4000,
    },
    {
      sequence: 1,
      kind: 'approval',
      round: 0,
      occurredAt: '2026-11-10T10:15:05.000Z',
      durationMs: 0,
      approved: true,
    },
    {
      sequence: 2,
      kind: 'llm',
      round: 2,
      occurredAt: '2026-11-10T10:16:08.000Z',
      durationMs: 3000,
    },
  ],
}

describe('RunTimeBars', () => {
  it('says in each round line what the drawing shows: start, length, the approval wait', () => {
    render(<RunTimeBars run={run} groups={groupRounds(run)} zone="UTC" />)
    const figure = screen.getByRole('figure', { name: /The run in time/ })
    expect(figure).toHaveAccessibleName(
      'The run in time 10:00:00 to 10:17:30, 17 min 30 s, of which 15 min 00 s waiting for a person',
    )
    const rows = within(figure).getAllByRole('listitem')
    expect(rows.map((r) => r.textContent)).toEqual([
      'Round 1 10:00:01, 15 min 04 s · waiting for approval 15 min 00 s',
      'Round 2 10:16:05, 3.00 s · 1 min 00 s after the round before',
    ])
    expect(within(rows[0] as HTMLElement).getByRole('link', { name: 'Round 1' })).toHaveAttribute(
      'href',
      '#round-1',
    )
  })

  it('draws nothing for a run without rounds', () => {
    const empty = { ...run, steps: [] }
    const { container } = render(<RunTimeBars run={empty} groups={[]} zone="UTC" />)
    expect(container).toBeEmptyDOMElement()
  })
})
