import { act, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Filters } from '@/domain/filters'
import { DATE_FIELD_TYPING_PAUSE_MS } from './date-field'
import { CHROME_TYPING_11012026, typeLikeChrome } from './date-field.testing'
import { FilterBar } from './filter-bar'

const FILTERS: Filters = {
  from: '2026-10-05',
  to: '2026-11-28',
  tz: 'UTC',
  tools: [],
  preset: '30d',
}

function setup(filters: Filters = FILTERS) {
  const onChange = vi.fn<(change: Partial<Filters>) => void>()
  const bar = (f: Filters) => (
    <FilterBar filters={f} onChange={onChange} tools={[]} ignored={[]} browserZone="UTC" />
  )
  const view = render(bar(filters))
  return { onChange, rerender: (f: Filters) => view.rerender(bar(f)) }
}

const from = () => screen.getByLabelText<HTMLInputElement>('From')
const to = () => screen.getByLabelText<HTMLInputElement>('To')

describe('FilterBar date fields', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('applies a From day typed key by key once, as a custom range', () => {
    const { onChange } = setup()
    from().focus()
    typeLikeChrome(from(), CHROME_TYPING_11012026)
    expect(onChange).not.toHaveBeenCalled()
    act(() => vi.advanceTimersByTime(DATE_FIELD_TYPING_PAUSE_MS))
    expect(onChange.mock.calls).toEqual([[{ from: '2026-11-01', preset: 'custom' }]])
    fireEvent.blur(from())
    expect(onChange).toHaveBeenCalledTimes(1)
  })

  it('applies a To day when the field is left, and nothing for a partial one', () => {
    const { onChange } = setup()
    to().focus()
    typeLikeChrome(to(), CHROME_TYPING_11012026.slice(0, 6))
    fireEvent.blur(to())
    expect(onChange).not.toHaveBeenCalled()
    expect(to().value).toBe('2026-11-28')

    to().focus()
    fireEvent.change(to(), { target: { value: '2026-12-03' } })
    fireEvent.keyDown(to(), { key: 'Enter' })
    expect(onChange.mock.calls).toEqual([[{ to: '2026-12-03', preset: 'custom' }]])
  })

  it('shows the range of a preset or of Back in both fields', () => {
    const { onChange, rerender } = setup()
    fireEvent.click(screen.getByRole('button', { name: 'Last 7 days' }))
    expect(onChange.mock.calls).toEqual([[{ preset: '7d' }]])
    rerender({ ...FILTERS, from: '2026-11-22', preset: '7d' })
    expect(from().value).toBe('2026-11-22')
    expect(to().value).toBe('2026-11-28')
    expect(to().min).toBe('2026-11-22')
  })

  it('says next to From, in days, why a From after To is not applied, and applies nothing', () => {
    const { onChange } = setup()
    from().focus()
    fireEvent.change(from(), { target: { value: '2026-12-05' } })
    fireEvent.keyDown(from(), { key: 'Enter' })
    expect(onChange).not.toHaveBeenCalled()
    expect(from()).toHaveAccessibleDescription(
      '"From" (5 Dec 2026) is after "To" (28 Nov 2026). Pick a day on or before 28 Nov 2026, or change "To" first. Not applied.',
    )
    expect(screen.getByRole('alert').textContent).not.toMatch(/URL|param|from=/)
  })

  it('says next to To why a To before From is not applied', () => {
    const { onChange } = setup()
    to().focus()
    fireEvent.change(to(), { target: { value: '2026-09-30' } })
    fireEvent.blur(to())
    expect(onChange).not.toHaveBeenCalled()
    expect(to().value).toBe('2026-11-28')
    expect(to()).toHaveAccessibleDescription(
      /^"To" \(30 Sep 2026\) is before "From" \(5 Oct 2026\)/,
    )
  })

  it('says where the data ends, next to the range, when the range reaches later', () => {
    const onChange = vi.fn()
    const { rerender } = render(
      <FilterBar
        filters={FILTERS}
        onChange={onChange}
        tools={[]}
        ignored={[]}
        browserZone="UTC"
        dataEnd="data until 28 Nov 2026"
      />,
    )
    expect(screen.getByRole('note')).toHaveTextContent('(data until 28 Nov 2026)')
    rerender(
      <FilterBar filters={FILTERS} onChange={onChange} tools={[]} ignored={[]} browserZone="UTC" />,
    )
    expect(screen.queryByRole('note')).toBeNull()
  })
})
