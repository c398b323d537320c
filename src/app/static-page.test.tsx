import { beforeEach, describe, expect, it } from 'vitest'
import { staticShell } from '../testing/static-shell'
import { screen, waitFor } from '@testing-library/react'
import { delay, http, HttpResponse } from 'msw'
import { server } from '@/testing/msw-server'
import { renderApp } from '@/testing/render-app'
import { browserZone } from './browser-zone'
import { PAGE_INTROS } from './shell'
import { paintStaticPage } from './static-page'

const base = '/api/diagnostics/v1'
const meta = {
  installation: 'Test',
  privacyLevel: 'metadata',
  earliestAt: '2026-09-01T06:00:00Z',
  latestAt: '2026-11-28T17:00:00Z',
  retentionDays: null,
  argumentCheckSince: '2026-11-05T09:00:00Z',
}
const happyPath = [
  http.get(`${base}/meta`, () => HttpResponse.json(meta)),
  http.get(`${base}/tools`, () => HttpResponse.json({ tools: [] })),
  http.get(`${base}/runs`, () => HttpResponse.json({ runs: [], nextCursor: null, totalRuns: 0 })),
  http.get(`${base}/runs/:uuid`, () => HttpResponse.json({ error: 'not_found' }, { status: 404 })),
  // No optional /run-list here: the runs list is folded from /runs.
  http.get(`${base}/run-list`, () => HttpResponse.json({ error: 'not_found' }, { status: 404 })),
]
beforeEach(() => server.use(...happyPath))

/** The page's `main` with its section and the section's heading and lead, as markup. */
function introMarkup(main: Element | null): string {
  const section = main?.querySelector(':scope > section')
  if (!main || !section) return 'no main > section'
  const attrs = (el: Element) =>
    [...el.attributes]
      .map((a) => `${a.name}="${a.value}"`)
      .sort()
      .join(' ')
  const [heading, lead] = [...section.children]
  return `<main ${attrs(main)}><section ${attrs(section)}>${heading?.outerHTML ?? ''}${lead?.outerHTML ?? ''}`
}

const SEARCHES = [
  '',
  '?tz=UTC',
  '?tz=europe/berlin&from=2026-09-01&to=2026-11-28',
  '?tz=Mars/Olympus_Mons',
  '?tz=Asia/Tokyo&tz=UTC',
  '?tz=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E',
  '?tz=',
]

describe('the intro the entry paints before React', () => {
  for (const page of Object.keys(PAGE_INTROS)) {
    it.each(SEARCHES)(
      `is the markup React renders on ${page}%s, and stays so once /meta has loaded`,
      async (search) => {
        const shell = staticShell()
        expect(paintStaticPage({ pathname: page, search }, browserZone, shell)).toBe(true)
        const painted = introMarkup(shell.querySelector('#root > .shell > main'))
        expect(painted).toContain('<h1 ')

        const { container } = renderApp(page + search)
        await screen.findByRole('heading', { level: 1 })
        expect(introMarkup(container.querySelector('main'))).toBe(painted)
        // Once /meta has loaded the page reads its zone from the parsed filters: still the same.
        await waitFor(() => expect(screen.queryByText('Test')).toBeInTheDocument())
        expect(introMarkup(container.querySelector('main'))).toBe(painted)
      },
    )
  }

  it.each(Object.keys(PAGE_INTROS))(
    'is the markup React renders on %s while /meta has not answered',
    async (page) => {
      server.use(
        http.get(`${base}/meta`, async () => {
          await delay('infinite')
          return HttpResponse.json(meta)
        }),
      )
      const search = '?tz=Pacific/Chatham'
      const shell = staticShell()
      paintStaticPage({ pathname: page, search }, browserZone, shell)
      const { container } = renderApp(page + search)
      await screen.findByRole('heading', { level: 1 })
      expect(screen.queryByText('Test')).toBeNull()
      expect(introMarkup(container.querySelector('main'))).toBe(
        introMarkup(shell.querySelector('#root > .shell > main')),
      )
    },
  )

  it.each(['/', '/tools', '/runs', '/runs/abc-123', '/checker', '/no-such-page'])(
    'marks the same navigation link current on %s as React does',
    async (page) => {
      const shell = staticShell()
      paintStaticPage({ pathname: page, search: '?tz=UTC' }, browserZone, shell)
      const currentIn = (root: ParentNode) =>
        [...root.querySelectorAll('nav a[aria-current="page"]')].map((a) => a.textContent)
      const { container } = renderApp(`${page}?tz=UTC`)
      await screen.findByRole('navigation', { name: 'Main' })
      await waitFor(() => expect(currentIn(container)).toEqual(currentIn(shell)))
      expect(currentIn(shell)).toHaveLength(page === '/no-such-page' ? 0 : 1)
    },
  )

  it('sets a hostile zone value as text and falls back to a real zone', () => {
    const shell = staticShell()
    paintStaticPage({ pathname: '/tools', search: SEARCHES[5] ?? '' }, () => 'UTC', shell)
    expect(shell.querySelector('img')).toBeNull()
    expect(shell.querySelector('main strong')?.textContent).toBe('UTC')
  })

  it('paints the zone with the lead, so the lead never grows after its first paint', () => {
    const shell = staticShell()
    paintStaticPage({ pathname: '/tools', search: '?tz=Asia/Kolkata' }, () => 'UTC', shell)
    expect(shell.querySelector('main h1')?.textContent).toBe('Tools')
    expect(shell.querySelector('main p strong')?.textContent).toBe('Asia/Kolkata')
  })

  it('leaves other paths and a shell that already holds a page alone', () => {
    const shell = staticShell()
    expect(paintStaticPage({ pathname: '/runs/abc', search: '' }, () => 'UTC', shell)).toBe(false)
    expect(paintStaticPage({ pathname: '/nope', search: '' }, () => 'UTC', shell)).toBe(false)
    expect(shell.querySelector('main')).toBeNull()
    expect(paintStaticPage({ pathname: '/tools/', search: '' }, () => 'UTC', shell)).toBe(true)
    expect(paintStaticPage({ pathname: '/tools', search: '' }, () => 'UTC', shell)).toBe(false)
    expect(shell.querySelectorAll('main')).toHaveLength(1)
  })
})
