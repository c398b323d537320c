import { act, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { DATE_FIELD_PAUSE_MS, DATE_FIELD_TYPING_PAUSE_MS, DateField } from './date-field'
import { CHROME_TYPING_11012026, typeLikeChrome } from './date-field.testing'

const field = () => screen.getByLabelText<HTMLInputElement>('Day')

function setup(value = '2026-10-05') {
  const onCommit = vi.fn<(day: string) => void>()
  const ui = (day: string) => (
    <>
      <label htmlFor="day">Day</label>
      <DateField id="day" value={day} onCommit={onCommit} />
    </>
  )
  const view = render(ui(value))
  return { onCommit, rerender: (next: string) => view.rerender(ui(next)) }
}

describe('DateField', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('applies a typed day once, after the pause, and never the days on the way', () => {
    const { onCommit } = setup()
    field().focus()
    typeLikeChrome(field(), CHROME_TYPING_11012026)
    expect(field().value).toBe('2026-11-01')
    act(() => vi.advanceTimersByTime(DATE_FIELD_TYPING_PAUSE_MS - 1))
    expect(onCommit).not.toHaveBeenCalled()
    act(() => vi.advanceTimersByTime(1))
    expect(onCommit.mock.calls).toEqual([['2026-11-01']])
    act(() => vi.advanceTimersByTime(10_000))
    fireEvent.blur(field())
    expect(onCommit).toHaveBeenCalledTimes(1)
  })

  it('does not apply a year below 1000, however long the reader pauses', () => {
    const { onCommit } = setup()
    field().focus()
    typeLikeChrome(field(), CHROME_TYPING_11012026.slice(0, 7))
    expect(field().value).toBe('0202-11-01')
    act(() => vi.advanceTimersByTime(60_000))
    expect(onCommit).not.toHaveBeenCalled()
    fireEvent.keyDown(field(), { key: 'Enter' })
    expect(onCommit).not.toHaveBeenCalled()
  })

  it('applies a day picked in the calendar after the short pause', () => {
    const { onCommit } = setup()
    field().focus()
    fireEvent.change(field(), { target: { value: '2026-09-14' } })
    act(() => vi.advanceTimersByTime(DATE_FIELD_PAUSE_MS))
    expect(onCommit.mock.calls).toEqual([['2026-09-14']])
  })

  it('applies at once on Enter, and only once', () => {
    const { onCommit } = setup()
    field().focus()
    typeLikeChrome(field(), CHROME_TYPING_11012026)
    fireEvent.keyDown(field(), { key: 'Enter' })
    expect(onCommit.mock.calls).toEqual([['2026-11-01']])
    act(() => vi.advanceTimersByTime(10_000))
    fireEvent.blur(field())
    expect(onCommit).toHaveBeenCalledTimes(1)
  })

  it('applies a complete day when the field is left', () => {
    const { onCommit } = setup()
    field().focus()
    typeLikeChrome(field(), CHROME_TYPING_11012026)
    fireEvent.blur(field())
    expect(onCommit.mock.calls).toEqual([['2026-11-01']])
    act(() => vi.advanceTimersByTime(10_000))
    expect(onCommit).toHaveBeenCalledTimes(1)
  })

  it('brings the applied day back when a partial day is left, cleared or escaped', () => {
    const { onCommit } = setup()
    field().focus()
    typeLikeChrome(field(), CHROME_TYPING_11012026.slice(0, 6))
    fireEvent.blur(field())
    expect(field().value).toBe('2026-10-05')

    field().focus()
    fireEvent.change(field(), { target: { value: '' } })
    fireEvent.blur(field())
    expect(field().value).toBe('2026-10-05')

    field().focus()
    fireEvent.change(field(), { target: { value: '2026-09-14' } })
    fireEvent.keyDown(field(), { key: 'Escape' })
    expect(field().value).toBe('2026-10-05')
    act(() => vi.advanceTimersByTime(10_000))
    fireEvent.blur(field())
    expect(onCommit).not.toHaveBeenCalled()
  })

  it('shows a day applied elsewhere (Back, a preset) unless the reader is changing the field', () => {
    const { onCommit, rerender } = setup()
    rerender('2026-08-01')
    expect(field().value).toBe('2026-08-01')

    // Focused but untouched: the new day shows.
    field().focus()
    rerender('2026-07-01')
    expect(field().value).toBe('2026-07-01')

    // In the middle of typing: the draft stays, and leaving the field applies it.
    typeLikeChrome(field(), CHROME_TYPING_11012026.slice(0, 5))
    rerender('2026-06-01')
    expect(field().value).toBe('0002-11-01')
    typeLikeChrome(field(), CHROME_TYPING_11012026.slice(5))
    fireEvent.blur(field())
    expect(onCommit.mock.calls).toEqual([['2026-11-01']])
  })

  it('takes the applied day after a commit, also when the page adjusted it', () => {
    const { onCommit, rerender } = setup()
    field().focus()
    fireEvent.change(field(), { target: { value: '2026-12-24' } })
    fireEvent.keyDown(field(), { key: 'Enter' })
    expect(onCommit.mock.calls).toEqual([['2026-12-24']])
    // The page refused the day and fell back to another one.
    rerender('2026-09-30')
    expect(field().value).toBe('2026-09-30')
    fireEvent.blur(field())
    expect(onCommit).toHaveBeenCalledTimes(1)
  })

  it('shows the applied day again when the page kept it after a commit', () => {
    const { onCommit } = setup()
    field().focus()
    fireEvent.change(field(), { target: { value: '2026-12-24' } })
    fireEvent.keyDown(field(), { key: 'Enter' })
    fireEvent.blur(field())
    expect(onCommit.mock.calls).toEqual([['2026-12-24']])
    expect(field().value).toBe('2026-10-05')
  })

  it('drops a pending day when it unmounts', () => {
    const onCommit = vi.fn()
    const view = render(<DateField value="2026-10-05" onCommit={onCommit} />)
    fireEvent.change(view.container.querySelector('input') as HTMLInputElement, {
      target: { value: '2026-09-14' },
    })
    view.unmount()
    act(() => vi.advanceTimersByTime(10_000))
    expect(onCommit).not.toHaveBeenCalled()
  })

  describe('a day the range cannot take', () => {
    const problemOf = (day: string) =>
      day > '2026-11-10' ? `"From" is after "To" (10 Nov 2026). Not applied.` : null

    function setupChecked() {
      const onCommit = vi.fn<(day: string) => void>()
      render(
        <>
          <label htmlFor="day">Day</label>
          <DateField id="day" value="2026-10-05" onCommit={onCommit} problemOf={problemOf} />
        </>,
      )
      return onCommit
    }

    it('is not applied, and the reason is said next to the field, in words', () => {
      const onCommit = setupChecked()
      field().focus()
      fireEvent.change(field(), { target: { value: '2026-11-20' } })
      act(() => vi.advanceTimersByTime(DATE_FIELD_PAUSE_MS))
      expect(onCommit).not.toHaveBeenCalled()
      expect(field()).toHaveAttribute('aria-invalid', 'true')
      expect(field()).toHaveAccessibleDescription(
        '"From" is after "To" (10 Nov 2026). Not applied.',
      )
      expect(screen.getByRole('alert')).toHaveTextContent('"From" is after "To"')
    })

    it('keeps the reason after the field is left, which brings the applied day back', () => {
      const onCommit = setupChecked()
      field().focus()
      fireEvent.change(field(), { target: { value: '2026-11-20' } })
      fireEvent.blur(field())
      expect(onCommit).not.toHaveBeenCalled()
      expect(field().value).toBe('2026-10-05')
      expect(screen.getByRole('alert')).toHaveTextContent('Not applied.')
    })

    it('clears the reason on the next edit, and applies a day that fits', () => {
      const onCommit = setupChecked()
      field().focus()
      fireEvent.change(field(), { target: { value: '2026-11-20' } })
      fireEvent.keyDown(field(), { key: 'Enter' })
      expect(screen.getByRole('alert')).toBeInTheDocument()
      fireEvent.change(field(), { target: { value: '2026-11-03' } })
      expect(screen.queryByRole('alert')).toBeNull()
      expect(field()).not.toHaveAttribute('aria-invalid')
      fireEvent.keyDown(field(), { key: 'Enter' })
      expect(onCommit.mock.calls).toEqual([['2026-11-03']])
    })

    it('clears the reason on Escape', () => {
      setupChecked()
      field().focus()
      fireEvent.change(field(), { target: { value: '2026-11-20' } })
      fireEvent.keyDown(field(), { key: 'Enter' })
      fireEvent.keyDown(field(), { key: 'Escape' })
      expect(screen.queryByRole('alert')).toBeNull()
      expect(field().value).toBe('2026-10-05')
    })
  })
})
