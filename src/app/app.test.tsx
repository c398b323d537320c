import { beforeEach, describe, expect, it } from 'vitest'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { server } from '@/testing/msw-server'
import { renderApp } from '@/testing/render-app'

const base = '/api/diagnostics/v1'
const meta = {
  installation: 'Acme <b>Intranet</b>',
  privacyLevel: 'metadata',
  earliestAt: '2026-09-01T06:02:11Z',
  latestAt: '2026-11-28T17:40:00Z',
  retentionDays: 30,
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

describe('the shell', () => {
  it('shows the installation as text and its privacy level in words', async () => {
    renderApp('/')
    expect(await screen.findByText('Acme <b>Intranet</b>')).toBeInTheDocument()
    expect(
      screen.getByTitle('The level run steps are stored at on this installation'),
    ).toHaveTextContent('Privacy level: metadata-only')
    expect(screen.getByText(/no prompt, argument or result text is ever read/)).toBeInTheDocument()
    const nav = screen.getByRole('navigation', { name: 'Main' })
    for (const name of ['Overview', 'Tools', 'Runs', 'Checker']) {
      expect(within(nav).getByRole('link', { name })).toBeInTheDocument()
    }
  })

  it.each([
    ['/tools', 'Tools'],
    ['/runs', 'Runs'],
    ['/checker', 'Checker'],
  ])('deep link %s renders its page', async (path, heading) => {
    renderApp(path)
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument()
  })

  it.each([
    ['/', 'Overview'],
    ['/?from=2026-09-01&to=2026-11-28&tz=UTC', 'Overview'],
    ['/tools?tz=UTC&tool=a', 'Tools'],
    ['/runs?outcome=failed', 'Runs'],
    ['/runs/abc-123?tz=UTC', 'Runs'],
    ['/checker?from=2026-09-01', 'Checker'],
  ])('marks the one navigation link of %s as the current page', async (path, current) => {
    renderApp(path)
    const nav = await screen.findByRole('navigation', { name: 'Main' })
    await waitFor(() =>
      expect(within(nav).getByRole('link', { name: current })).toHaveAttribute(
        'aria-current',
        'page',
      ),
    )
    const others = within(nav)
      .getAllByRole('link')
      .filter((link) => link.textContent !== current)
    for (const link of others) expect(link).not.toHaveAttribute('aria-current')
  })

  it('links to a run whose id holds a lone surrogate and says why it cannot be read', async () => {
    const uuid = 'lone\uD800high'
    const { router } = renderApp('/runs')
    await screen.findByRole('heading', { level: 1, name: 'Runs' })
    // What a runs-table row link builds: before, encodeURIComponent threw while rendering.
    const location = router.buildLocation({ to: '/runs/$uuid', params: { uuid } })
    expect(location.pathname).toBe('/runs/~u16~006c006f006e0065d800006800690067' + '0068')
    await act(() => router.navigate({ to: '/runs/$uuid', params: { uuid } }))
    expect(await screen.findByText(/its id holds a lone surrogate/)).toBeInTheDocument()
    // Asking again cannot help: no Retry.
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument()
    expect(router.state.matches.at(-1)?.params).toEqual({ uuid })
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument()
  })

  it.each(['/runs/%ED%A0%80', '/runs/%E0%A4%A', '/tools?tool=%ED%A0%80&tz=%FF'])(
    'a malformed address %s keeps the shell working',
    async (path) => {
      renderApp(path)
      expect(await screen.findByRole('navigation', { name: 'Main' })).toBeInTheDocument()
      expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument()
    },
  )

  it('navigation links keep the shared filters and drop those of one page', async () => {
    renderApp('/runs?preset=7d&tz=UTC&tool=a&tool=b&outcome=failed&status=running')
    const nav = await screen.findByRole('navigation', { name: 'Main' })
    for (const name of ['Overview', 'Tools', 'Runs', 'Checker']) {
      const href = within(nav).getByRole('link', { name }).getAttribute('href') ?? ''
      const search = new URLSearchParams(href.slice(href.indexOf('?')))
      expect(search.get('preset'), name).toBe('7d')
      expect(search.get('tz'), name).toBe('UTC')
      expect(search.getAll('tool'), name).toEqual(['a', 'b'])
      expect(search.has('outcome') || search.has('status'), name).toBe(false)
    }
  })

  it('after an in-app link, focus moves to the new page’s heading, not the body', async () => {
    renderApp('/tools')
    await screen.findByRole('heading', { level: 1, name: 'Tools' })
    const nav = screen.getByRole('navigation', { name: 'Main' })
    const runs = within(nav).getByRole('link', { name: 'Runs' })
    runs.focus()
    await userEvent.click(runs)
    const heading = await screen.findByRole('heading', { level: 1, name: 'Runs' })
    await waitFor(() => expect(heading).toHaveFocus())
  })

  it('a deep link to an unknown run says it may have been removed by retention', async () => {
    renderApp('/runs/abc-123')
    expect(
      await screen.findByText(/does not exist or was removed by the retention policy/),
    ).toBeInTheDocument()
  })

  it('an unknown address says so inside the shell', async () => {
    renderApp('/nowhere')
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument()
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument()
  })

  it('a signed-out session is named, without a retry loop', async () => {
    let calls = 0
    server.use(
      http.get(`${base}/meta`, () => {
        calls += 1
        return HttpResponse.json({ error: 'unauthenticated' }, { status: 401 })
      }),
    )
    renderApp('/')
    const messages = await screen.findAllByText(/Your CMS session has ended — sign in again/)
    expect(messages.length).toBeGreaterThan(0)
    expect(calls).toBe(1)
  })
})
