import { act, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { CHROME_TYPING_11012026, typeLikeChrome } from '@/components/filters/date-field.testing'
import { effectWindows, type Decision } from '@/domain/effect'
import { DecisionControls, type EffectParamsChange } from './decision-controls'

const DECISION: Decision = { ms: Date.UTC(2026, 9, 5, 12), source: 'meta' }

function setup() {
  const onChange = vi.fn<(change: EffectParamsChange) => void>()
  const controls = (decision: Decision) => (
    <DecisionControls
      decision={decision}
      windows={effectWindows(decision.ms, 14, { earliestMs: 0, latestMs: Date.UTC(2027, 0, 1) })}
      windowDays={14}
      zone="UTC"
      onChange={onChange}
    />
  )
  const view = render(controls(DECISION))
  return { onChange, rerender: (d: Decision) => view.rerender(controls(d)) }
}

const day = () => screen.getByLabelText<HTMLInputElement>('Decision day')

describe('DecisionControls decision day', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('applies a day typed key by key once, never a year below 1000', () => {
    const { onChange } = setup()
    day().focus()
    typeLikeChrome(day(), CHROME_TYPING_11012026.slice(0, 7))
    act(() => vi.advanceTimersByTime(60_000))
    expect(onChange).not.toHaveBeenCalled()
    typeLikeChrome(day(), CHROME_TYPING_11012026.slice(7))
    fireEvent.keyDown(day(), { key: 'Enter' })
    expect(onChange.mock.calls).toEqual([[{ since: '2026-11-01' }]])
    act(() => vi.advanceTimersByTime(60_000))
    fireEvent.blur(day())
    expect(onChange).toHaveBeenCalledTimes(1)
  })

  it('shows a decision date that changed elsewhere', () => {
    const { rerender } = setup()
    expect(day().value).toBe('2026-10-05')
    rerender({ ms: Date.UTC(2026, 1, 6, 9), source: 'url' })
    expect(day().value).toBe('2026-02-06')
  })
})
