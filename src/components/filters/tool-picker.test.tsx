import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { describeToolSelection, ToolPicker, type ToolOption } from './tool-picker'

const option = (name: string): ToolOption => ({
  name,
  source: 'builtin',
  server: null,
  writing: false,
  calls: 1,
})
const options = ['a_tool', 'b_tool', 'c_tool', 'd_tool'].map(option)

function Picker({ initial = [] as string[] }) {
  const [selected, setSelected] = useState(initial)
  return (
    <>
      <p>Outside</p>
      <ToolPicker options={options} selected={selected} onChange={setSelected} />
    </>
  )
}

describe('describeToolSelection', () => {
  it('names the chosen tools, the first two and a count of the rest', () => {
    const text = (s: string[]) => Object.values(describeToolSelection(s)).join('')
    expect(text([])).toBe('all')
    expect(text(['a'])).toBe('a')
    expect(text(['a', 'b'])).toBe('a, b')
    expect(text(['a', 'b', 'c', 'd'])).toBe('a, b +2 more')
  })
})

describe('ToolPicker', () => {
  it('opens by keyboard with focus in its search, so typing searches; Escape returns', async () => {
    render(<Picker />)
    const button = screen.getByRole('button', { name: /^Tools:/ })
    button.focus()
    await userEvent.keyboard('{Enter}')
    expect(screen.getByRole('searchbox', { name: 'Search tools' })).toHaveFocus()
    await userEvent.keyboard('c_t')
    expect(screen.getAllByRole('checkbox').map((box) => box.closest('label')?.textContent)).toEqual(
      [expect.stringContaining('c_tool')],
    )
    await userEvent.keyboard('{Escape}')
    expect(button).toHaveFocus()
    expect(screen.queryByRole('searchbox')).toBeNull()
  })

  it('closes on a click outside it, and stays open for clicks inside', async () => {
    render(<Picker />)
    await userEvent.click(screen.getByRole('button', { name: /^Tools:/ }))
    await userEvent.click(screen.getByRole('checkbox', { name: /b_tool/ }))
    expect(screen.getByRole('group', { name: 'Choose tools' })).toBeInTheDocument()
    await userEvent.click(screen.getByText('Outside'))
    expect(screen.queryByRole('group', { name: 'Choose tools' })).toBeNull()
  })

  it('says which tools are chosen: on the button, and in full as text', async () => {
    render(<Picker initial={['a_tool', 'b_tool', 'c_tool']} />)
    const button = screen.getByRole('button', { name: /^Tools:/ })
    expect(button).toHaveTextContent('Tools: a_tool, b_tool +1 more')
    expect(button).toHaveAccessibleName(/chosen: a_tool, b_tool, c_tool/)
    await userEvent.click(button)
    expect(screen.getByText('Chosen (3): a_tool, b_tool, c_tool')).toBeInTheDocument()
  })

  it('says "all" without a number that would compete with the tables', () => {
    render(<Picker />)
    expect(screen.getByRole('button', { name: /^Tools:/ })).toHaveTextContent(/^Tools: all$/)
  })
})
