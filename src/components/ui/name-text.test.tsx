import { render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { NameText } from './name-text'

const html = (name: string) => render(<NameText name={name} />).container.innerHTML

describe('NameText', () => {
  it('lets a line break after the separators of a name, and nowhere else', () => {
    expect(html('get_page_content')).toBe('get_<wbr>page_<wbr>content')
    expect(html('mcp_dam-search.v2')).toBe('mcp_<wbr>dam-<wbr>search.<wbr>v2')
    expect(html('plain')).toBe('plain')
    expect(html('trailing_')).toBe('trailing_')
    expect(html('')).toBe('')
  })

  it('keeps a hostile name as text: every character, no markup', () => {
    const name = '<img src=x onerror=alert(1)>__"&'
    const { container } = render(<NameText name={name} />)
    expect(container.textContent).toBe(name)
    expect(container.querySelector('img')).toBeNull()
  })
})
