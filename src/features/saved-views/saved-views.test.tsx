import { beforeEach, describe, expect, it, vi } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { server } from '@/testing/msw-server'
import { renderApp } from '@/testing/render-app'
import { SAVED_VIEWS_KEY } from './saved-view'

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
  // No optional /run-list here: the runs list is folded from /runs.
  http.get(`${base}/run-list`, () => HttpResponse.json({ error: 'not_found' }, { status: 404 })),
]
beforeEach(() => server.use(...happyPath))
beforeEach(() => localStorage.clear())

const TOOLS = '/tools?preset=7d&tz=Europe%2FBerlin&sort=failed&dir=desc&tool=a&tool=b'
const stored = () => JSON.parse(localStorage.getItem(SAVED_VIEWS_KEY) ?? 'null') as unknown
const bar = () => within(screen.getByRole('group', { name: 'Saved views' }))
const list = () => within(screen.getByRole('list', { name: 'Saved views' }))

async function saveAs(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(await screen.findByRole('button', { name: 'Save view' }))
  const field = screen.getByRole('textbox', { name: 'Name of the view' })
  expect(field).toHaveFocus()
  await user.type(field, `${name}{Enter}`)
}

describe('saved views', () => {
  it('saves the page’s URL search under a name, and opens it again from another page', async () => {
    const user = userEvent.setup()
    const { router } = renderApp(TOOLS)
    await saveAs(user, 'Berlin week')
    expect(bar().getByRole('status')).toHaveTextContent('Saved the view “Berlin week”.')
    expect(screen.getByRole('button', { name: 'Save view' })).toHaveFocus()
    expect(stored()).toMatchObject({
      version: 1,
      views: [
        {
          name: 'Berlin week',
          path: '/tools',
          search: {
            preset: '7d',
            tz: 'Europe/Berlin',
            sort: 'failed',
            dir: 'desc',
            tool: ['a', 'b'],
          },
        },
      ],
    })

    await user.click(screen.getByRole('link', { name: 'Runs' }))
    await screen.findByRole('heading', { level: 1, name: 'Runs' })
    await user.click(await screen.findByRole('button', { name: 'Views (1)' }))
    const row = list().getByRole('listitem')
    expect(within(row).getByText('Tools')).toBeInTheDocument()
    await user.click(within(row).getByRole('link', { name: 'Berlin week' }))
    await screen.findByRole('heading', { level: 1, name: 'Tools' })
    expect(router.state.location.pathname).toBe('/tools')
    expect(router.state.location.search).toEqual({
      preset: '7d',
      tz: 'Europe/Berlin',
      sort: 'failed',
      dir: 'desc',
      tool: ['a', 'b'],
    })
  })

  it('replaces a view of the same page saved under the same name', async () => {
    const user = userEvent.setup()
    renderApp('/runs?preset=30d&tz=UTC&outcome=failed')
    await saveAs(user, 'Failures')
    await saveAs(user, '  failures ')
    expect(bar().getByRole('status')).toHaveTextContent('Updated the view “failures”.')
    expect(stored()).toMatchObject({ views: [{ name: 'failures', path: '/runs' }] })
  })

  it('renames a view (Enter saves, Esc cancels) and deletes it', async () => {
    const user = userEvent.setup()
    renderApp(TOOLS)
    await saveAs(user, 'Old name')
    await user.click(screen.getByRole('button', { name: 'Views (1)' }))
    await user.click(list().getByRole('button', { name: 'Rename “Old name”' }))
    const field = screen.getByRole('textbox', { name: 'New name for “Old name”' })
    expect(field).toHaveFocus()
    await user.clear(field)
    await user.type(field, 'New name{Enter}')
    expect(bar().getByRole('status')).toHaveTextContent('Renamed “Old name” to “New name”.')
    expect(list().getByRole('button', { name: 'Rename “New name”' })).toHaveFocus()
    expect(stored()).toMatchObject({ views: [{ name: 'New name' }] })

    await user.click(list().getByRole('button', { name: 'Rename “New name”' }))
    await user.keyboard('{Escape}')
    expect(list().getByRole('link', { name: 'New name' })).toBeInTheDocument()

    await user.click(list().getByRole('button', { name: 'Delete “New name”' }))
    expect(bar().getByRole('status')).toHaveTextContent('Deleted the view “New name”.')
    expect(screen.getByText(/No saved views yet/)).toBeInTheDocument()
    expect(stored()).toEqual({ version: 1, views: [] })
  })

  it('refuses an empty name and says so', async () => {
    const user = userEvent.setup()
    renderApp(TOOLS)
    await saveAs(user, '   ')
    expect(screen.getByRole('alert')).toHaveTextContent('Give the view a name.')
    expect(localStorage.getItem(SAVED_VIEWS_KEY)).toBeNull()
  })

  it('never keeps the playground’s arguments text', async () => {
    const user = userEvent.setup()
    renderApp(
      '/checker?tz=UTC&check=list_pages&mode=turn&args=%7B%22secret%22%3A1%7D&call=x%0A%7B%7D',
    )
    await saveAs(user, 'Checker')
    expect(stored()).toMatchObject({
      views: [{ path: '/checker', search: { tz: 'UTC', check: 'list_pages', mode: 'turn' } }],
    })
    expect(localStorage.getItem(SAVED_VIEWS_KEY)).not.toMatch(/secret|args|call/)
  })

  it.each([
    ['text that is not JSON', '{"version":1,'],
    ['another shape', '["a", "b"]'],
    ['another version', '{"version":2,"views":[]}'],
  ])('ignores %s in storage, and saving works again', async (_, value) => {
    localStorage.setItem(SAVED_VIEWS_KEY, value)
    const user = userEvent.setup()
    renderApp(TOOLS)
    await user.click(await screen.findByRole('button', { name: 'Views (0)' }))
    expect(screen.getByText(/could not be read and is left out/)).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Views (0)' }))
    await saveAs(user, 'Fresh')
    expect(stored()).toMatchObject({ version: 1, views: [{ name: 'Fresh' }] })
  })

  it('shows a stored name as text and drops views and keys that do not fit', async () => {
    const hostile = '<img src=x onerror="window.__pwned=1">'
    localStorage.setItem(
      SAVED_VIEWS_KEY,
      JSON.stringify({
        version: 1,
        views: [
          {
            id: 'v1',
            name: hostile,
            path: '/runs',
            search: { tz: 'UTC', args: 'LEAK', status: ['running', 7] },
            savedAt: 1,
          },
          { id: 'v2', name: 'Off site', path: '//evil.example/x', search: {}, savedAt: 1 },
          { id: 'v3', name: '', path: '/runs', search: {}, savedAt: 1 },
          42,
        ],
        // A key JSON.parse makes an own property, which must not become the search's prototype.
      }).replace('"args"', '"__proto__":["x"],"args"'),
    )
    const user = userEvent.setup()
    renderApp(TOOLS)
    await user.click(await screen.findByRole('button', { name: 'Views (1)' }))
    const link = list().getByRole('link', { name: hostile })
    expect(link.querySelector('img')).toBeNull()
    expect(link).toHaveAttribute('href', '/runs?tz=UTC')
    expect(screen.getByText(/could not be read and is left out/)).toBeInTheDocument()
  })

  it('says so when storage is full, and keeps what was saved', async () => {
    const user = userEvent.setup()
    renderApp(TOOLS)
    await saveAs(user, 'First')
    const before = localStorage.getItem(SAVED_VIEWS_KEY)
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
    })
    await saveAs(user, 'Second')
    expect(screen.getByRole('alert')).toHaveTextContent(/storage for the dashboard is full/)
    expect(screen.getByRole('textbox', { name: 'Name of the view' })).toHaveValue('Second')
    expect(localStorage.getItem(SAVED_VIEWS_KEY)).toBe(before)
  })

  it('says so when the browser blocks storage', async () => {
    vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('Access is denied.', 'SecurityError')
    })
    const user = userEvent.setup()
    renderApp(TOOLS)
    await user.click(await screen.findByRole('button', { name: 'Views (0)' }))
    expect(screen.getByText(/does not let the dashboard read its storage/)).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Views (0)' }))
    await saveAs(user, 'Blocked')
    expect(screen.getByRole('alert')).toHaveTextContent(/storage is blocked for this site/)
  })
})
