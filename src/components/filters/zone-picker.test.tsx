import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { ZonePicker } from './zone-picker'

const chosen: string[] = []

function Picker({ initial, browser }: { initial: string; browser: string }) {
  const [zone, setZone] = useState(initial)
  return (
    <>
      <p>Outside</p>
      <ZonePicker
        zone={zone}
        browserZone={browser}
        onChange={(next) => {
          chosen.push(next)
          setZone(next)
        }}
      />
      <button type="button">After</button>
    </>
  )
}

function renderPicker(initial = 'UTC', browser = 'Europe/Berlin') {
  chosen.length = 0
  render(<Picker initial={initial} browser={browser} />)
  return screen.getByRole('button', { name: /^Time zone:/ })
}

async function openPicker(initial?: string, browser?: string) {
  await userEvent.click(renderPicker(initial, browser))
  return screen.getByRole('combobox', { name: 'Search time zones' })
}

const options = () =>
  within(screen.getByRole('listbox', { name: 'Time zones' })).getAllByRole('option')
const activeOption = (input: HTMLElement) => {
  const id = input.getAttribute('aria-activedescendant')
  return id === null ? null : document.getElementById(id)
}

describe('ZonePicker', () => {
  it('names a legacy zone and this browser’s legacy zone by their current name', async () => {
    const button = renderPicker('Asia/Calcutta', 'Asia/Calcutta')
    expect(button).toHaveTextContent('Time zone: Asia/Kolkata (this browser)')
    await userEvent.click(button)
    const first = options()[0]
    expect(first).toHaveTextContent(/^Asia\/Kolkata \(this browser\)/)
    expect(first).toHaveAttribute('aria-selected', 'true')
    expect(screen.queryByRole('option', { name: /Calcutta/ })).toBeNull()
    expect(screen.getByRole('option', { name: /^Europe\/Kyiv/ })).toBeInTheDocument()
    expect(screen.queryByRole('option', { name: /^Europe\/Kiev/ })).toBeNull()
  })

  it('opens on the chosen zone with focus in the search field, this browser’s zone and UTC first', async () => {
    const input = await openPicker('Asia/Tokyo', 'Europe/Berlin')
    expect(input).toHaveFocus()
    expect(input).toHaveAttribute('aria-expanded', 'true')
    const names = options().map((o) => o.textContent ?? '')
    expect(names[0]).toMatch(/^Europe\/Berlin \(this browser\)/)
    expect(names[1]).toMatch(/^UTC /)
    expect(names[2]).toMatch(/^Asia\/Tokyo /)
    expect(activeOption(input)).toHaveTextContent(/^Asia\/Tokyo/)
    expect(screen.getByRole('option', { selected: true })).toHaveTextContent(/^Asia\/Tokyo/)
  })

  it('shows each zone’s offset from UTC now', async () => {
    await openPicker()
    const kolkata = screen.getByRole('option', { name: /^Asia\/Kolkata/ })
    expect(await within(kolkata).findByText('UTC+05:30')).toBeInTheDocument()
    expect(screen.getByRole('option', { name: /^UTC / })).toHaveTextContent('UTC+00:00')
  })

  it('filters as one types, anywhere in the name, and picks the first match with Enter', async () => {
    const input = await openPicker()
    await userEvent.type(input, 'new york')
    expect(options().map((o) => o.textContent)).toEqual([
      expect.stringMatching(/^America\/New_York/),
    ])
    expect(screen.getByRole('status')).toHaveTextContent(/^1 of \d+ zones$/)
    await userEvent.keyboard('{Enter}')
    expect(chosen).toEqual(['America/New_York'])
    expect(screen.queryByRole('listbox')).toBeNull()
    const button = screen.getByRole('button', { name: /^Time zone:/ })
    expect(button).toHaveTextContent('Time zone: America/New_York')
    expect(button).toHaveFocus()
  })

  it('finds a zone by its legacy name and says so', async () => {
    const input = await openPicker()
    await userEvent.type(input, 'CALCUTTA')
    const [option, ...rest] = options()
    expect(rest).toEqual([])
    expect(option).toHaveTextContent(/^Asia\/Kolkata formerly Asia\/Calcutta/)
    await userEvent.click(option as HTMLElement)
    expect(chosen).toEqual(['Asia/Kolkata'])
  })

  it('moves through the list with arrows, Page keys, Home and End', async () => {
    const input = await openPicker('UTC', 'UTC')
    await userEvent.type(input, 'europe/')
    const list = options()
    expect(list.length).toBeGreaterThan(20)
    expect(activeOption(input)).toBe(list[0])
    await userEvent.keyboard('{ArrowDown}{ArrowDown}')
    expect(activeOption(input)).toBe(list[2])
    await userEvent.keyboard('{ArrowUp}')
    expect(activeOption(input)).toBe(list[1])
    await userEvent.keyboard('{PageDown}')
    expect(activeOption(input)).toBe(list[11])
    await userEvent.keyboard('{End}')
    expect(activeOption(input)).toBe(list.at(-1))
    await userEvent.keyboard('{ArrowDown}')
    expect(activeOption(input)).toBe(list.at(-1))
    await userEvent.keyboard('{Home}{ArrowUp}')
    expect(activeOption(input)).toBe(list[0])
    expect(list[0]).toHaveClass('is-active')
    await userEvent.keyboard('{ArrowDown}{Enter}')
    expect(chosen).toEqual([list[1]?.textContent?.split(' ')[0]])
  })

  it('closes with Escape, back on its button, changing nothing', async () => {
    const input = await openPicker()
    await userEvent.type(input, 'kyiv{Escape}')
    expect(screen.queryByRole('listbox')).toBeNull()
    expect(screen.getByRole('button', { name: /^Time zone:/ })).toHaveFocus()
    expect(chosen).toEqual([])
    // Opened again, the search starts afresh.
    await userEvent.keyboard('{ArrowDown}')
    expect(screen.getByRole('combobox')).toHaveValue('')
  })

  it('closes on a click outside and when focus leaves it, and stays open for clicks inside', async () => {
    const input = await openPicker()
    await userEvent.click(screen.getByRole('status'))
    expect(screen.getByRole('listbox')).toBeInTheDocument()
    expect(input).toHaveFocus()
    await userEvent.click(screen.getByText('Outside'))
    expect(screen.queryByRole('listbox')).toBeNull()
    await userEvent.click(screen.getByRole('button', { name: /^Time zone:/ }))
    await userEvent.tab()
    expect(screen.queryByRole('listbox')).toBeNull()
    expect(chosen).toEqual([])
  })

  it('says when nothing matches, the query as text', async () => {
    const input = await openPicker()
    await userEvent.type(input, '<b>x</b>')
    expect(screen.queryAllByRole('option')).toEqual([])
    expect(screen.getByRole('status')).toHaveTextContent('No time zone matches “<b>x</b>”.')
    await userEvent.keyboard('{Enter}')
    expect(chosen).toEqual([])
  })

  it('keeps UTC one click away, and says when it is the zone already', async () => {
    renderPicker('Europe/Berlin')
    await userEvent.click(screen.getByRole('button', { name: 'Use UTC' }))
    expect(chosen).toEqual(['UTC'])
    expect(screen.getByRole('button', { name: 'Use UTC' })).toBeDisabled()
  })

  it('shows a zone the runtime does not list, named in a link, as chosen', async () => {
    await openPicker('Australia/ACT')
    expect(screen.getByRole('button', { name: /^Time zone:/ })).toHaveTextContent(
      'Time zone: Australia/Canberra',
    )
    expect(screen.getByRole('option', { selected: true })).toHaveTextContent(/^Australia\/Canberra/)
  })
})
