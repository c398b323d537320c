import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import {
  comparison,
  createEffectScope,
  effectWindows,
  emptyEffectSummary,
  foldEffect,
  recoveryOf,
} from '@/domain/effect'
import { CATALOGUE, runOf } from '@/domain/effect/test-fixtures'
import type { Filters } from '@/domain/filters'
import { DecisionControls } from './decision-controls'
import { KpiCards } from './kpi-cards'
import { renderInRouter } from '@/testing/render-app'

const DECISION_MS = Date.parse('2026-11-05T09:00:00Z')
const FILTERS: Filters = {
  from: '2026-10-22',
  to: '2026-11-19',
  tz: 'UTC',
  tools: [],
  preset: 'custom',
}

describe('overview figures with nothing to count on one side', () => {
  it('shows a refusal code without refusals as 0 %, and says a recovery rate lacks refusals', async () => {
    const windows = effectWindows(DECISION_MS, 14, { earliestMs: 0, latestMs: 8e15 })
    const scope = createEffectScope(windows, [], CATALOGUE)
    // After the decision: 3 calls, one refused under turn, none under arguments.
    const summary = foldEffect(
      emptyEffectSummary(),
      [
        runOf('a', 'completed', '2026-11-06T10:00:00Z', [
          [1, 'get_page_content', 'turn'],
          [2, 'get_page_content', 'ok'],
          [3, 'get_page_content', 'ok'],
        ]),
      ],
      scope,
    )
    const { container } = await renderInRouter(
      <KpiCards
        comparison={comparison(summary, CATALOGUE)}
        recovery={recoveryOf(summary.after)}
        windows={windows}
        filters={FILTERS}
      />,
    )
    const text = container.textContent ?? ''
    expect(text).toContain('arguments 0.0 %, turn 33.3 %')
    // Before holds no calls at all: that rate is "no calls"; recovery lacks refusals, not calls.
    expect(text).toContain('Before – (no calls)')
    expect(text).toContain('– (no argument refusals)')
  })

  it('says "so far" at each headline figure while the count is partial, and not once it is not', async () => {
    const windows = effectWindows(DECISION_MS, 14, { earliestMs: 0, latestMs: 8e15 })
    const summary = foldEffect(emptyEffectSummary(), [], createEffectScope(windows, [], CATALOGUE))
    const cards = (partial: boolean) => (
      <KpiCards
        comparison={comparison(summary, CATALOGUE)}
        recovery={recoveryOf(summary.after)}
        windows={windows}
        filters={FILTERS}
        partial={partial}
      />
    )
    const soFar = (container: HTMLElement) =>
      Array.from(container.querySelectorAll('.ov-kpi__value')).map((v) =>
        v.textContent?.endsWith(' so far'),
      )
    const partial = await renderInRouter(cards(true))
    expect(soFar(partial.container)).toEqual([true, true, true, true])
    partial.unmount()
    const complete = await renderInRouter(cards(false))
    expect(soFar(complete.container)).toEqual([false, false, false, false])
  })

  it('says a side holds no recorded data instead of naming its window length', () => {
    const windows = effectWindows(DECISION_MS, 14, {
      earliestMs: DECISION_MS + 3_600_000,
      latestMs: DECISION_MS + 30 * 86_400_000,
    })
    expect(windows.emptySide).toBe('before')
    render(
      <DecisionControls
        decision={{ ms: DECISION_MS, source: 'meta' }}
        windows={windows}
        windowDays={14}
        zone="UTC"
        onChange={() => undefined}
      />,
    )
    const text = screen.getByText(/Compared:/).textContent ?? ''
    expect(text).toContain('Compared: no recorded data before against 14 days after')
  })
})
