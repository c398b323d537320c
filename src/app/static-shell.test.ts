import { describe, expect, it } from 'vitest'
import { staticShell } from '../testing/static-shell'
import { NAV, PRIVACY_LINE } from './shell'

const words = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim()

describe('the static shell in index.html', () => {
  it('shows the same product name, navigation and privacy line as the React layout', () => {
    const shell = staticShell()
    expect(words(shell.querySelector('#root .product')?.textContent)).toBe('Run Diagnostics')
    const links = [...shell.querySelectorAll('#root nav[aria-label="Main"] a')].map((a) => ({
      to: a.getAttribute('href'),
      label: words(a.textContent),
    }))
    expect(links).toEqual(NAV.map(({ to, label }) => ({ to, label })))
    expect(words(shell.querySelector('#root .privacy-line')?.textContent)).toBe(PRIVACY_LINE)
  })

  it('holds no script of its own inside the root', () => {
    expect(staticShell().querySelectorAll('#root script')).toHaveLength(0)
  })
})
