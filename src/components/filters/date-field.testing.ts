import { fireEvent } from '@testing-library/react'

/**
 * For tests: what Chrome reports while `11012026` is typed over 2026-10-05 (month, day, year
 * segments). Each segment gives a complete value at once, a half-typed day gives '', and the
 * year passes through 0002, 0020, 0202 on its way to 2026.
 */
export const CHROME_TYPING_11012026: ReadonlyArray<readonly [key: string, value: string]> = [
  ['1', '2026-01-05'],
  ['1', '2026-11-05'],
  ['0', ''],
  ['1', '2026-11-01'],
  ['2', '0002-11-01'],
  ['0', '0020-11-01'],
  ['2', '0202-11-01'],
  ['6', '2026-11-01'],
]

/** For tests: presses each key in a date input and reports the value Chrome would. */
export function typeLikeChrome(
  input: HTMLElement,
  steps: ReadonlyArray<readonly [key: string, value: string]>,
) {
  for (const [key, value] of steps) {
    fireEvent.keyDown(input, { key })
    fireEvent.change(input, { target: { value } })
    fireEvent.keyUp(input, { key })
  }
}
