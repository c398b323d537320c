import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { UnreadableNotice } from './unreadable-notice'

describe('UnreadableNotice', () => {
  it('says how many calls could not be read and by how much the counts may be low', () => {
    render(<UnreadableNotice count={1234} />)
    const notice = screen.getByRole('status')
    expect(notice).toHaveTextContent('Incomplete data: 1,234 tool calls could not be read')
    expect(notice).toHaveTextContent(
      "1,234 tool calls in this range could not be read from the installation's records (damaged or older payloads); the counts may be low by up to 1,234.",
    )
  })

  it('names one call in the singular, with where and the detail given', () => {
    render(<UnreadableNotice count={1} where="in both windows" detail="1 before, 0 after" />)
    expect(screen.getByRole('status')).toHaveTextContent(
      "1 tool call in both windows could not be read from the installation's records (damaged or older payloads); the counts may be low by up to 1. 1 before, 0 after.",
    )
  })

  it('shows nothing when every call could be read', () => {
    const { container } = render(<UnreadableNotice count={0} />)
    expect(container).toBeEmptyDOMElement()
  })
})
