import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { server } from '@/testing/msw-server'
import { renderApp } from '@/testing/render-app'
import type { Run } from '@/domain/contract'
import { handRun, llm, tool } from '@/domain/runs/test-runs'

const base = '/api/diagnostics/v1'
const meta = {
  installation: 'Test',
  privacyLevel: 'metadata',
  earliestAt: '2026-11-01T08:00:00Z',
  latestAt: '2026-11-28T18:00:00Z',
  retentionDays: 30,
  argumentCheckSince: '2026-11-05T09:00:00Z',
}
const NOW = Date.UTC(2026, 11, 2, 10)
const going = { status: 'running', terminationReason: null, finishedAt: null } as const

/** The same run as three answers: one round, two rounds, then finished with three. */
const answers: Run[] = [
  handRun('r-live', [llm(1), tool(1, 'get_page_content')], going),
  handRun('r-live', [llm(1), tool(1, 'get_page_content'), llm(2), tool(2, 'list_pages')], going),
  handRun('r-live', [llm(1), tool(1, 'get_page_content'), llm(2), tool(2, 'list_pages'), llm(3)]),
]

let asked = 0
/** Answers `r-live` with `answer(n)` for its n-th request (0-based). */
const liveRun = (answer: (n: number) => Response) =>
  http.get(`${base}/runs/r-live`, () => answer(asked++))
const inOrder = (n: number) => HttpResponse.json(answers[Math.min(n, answers.length - 1)])

const happyPath = [
  http.get(`${base}/meta`, () => HttpResponse.json(meta)),
  http.get(`${base}/tools`, () => HttpResponse.json({ tools: [] })),
  http.get(`${base}/runs/r-done`, () => HttpResponse.json({ ...answers[2], uuid: 'r-done' })),
  liveRun(inOrder),
]
beforeEach(() => server.use(...happyPath))
beforeEach(() => {
  asked = 0
  // Only the polling interval and the clock are faked: requests, retries and Testing Library's
  // waits run on real timeouts, and each refresh happens when the test moves the clock.
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'], now: NOW })
})
afterEach(() => {
  vi.useRealTimers()
})

const seconds = (s: number) =>
  act(async () => {
    vi.advanceTimersByTime(s * 1000)
  })
const toggle = () => screen.getByRole('checkbox', { name: /^Refresh every/ })
const round = (n: number) =>
  screen.findByRole('heading', { level: 2, name: new RegExp(`^Round ${n}\\b`) })
const refreshGroup = () => within(screen.getByRole('group', { name: 'Automatic refresh' }))

describe('automatic refresh of a run that is still going', () => {
  it('is off by default: the run is asked once however long the page stays open', async () => {
    const { queryClient: client } = renderApp('/runs/r-live?tz=UTC')
    await round(1)
    expect(toggle()).not.toBeChecked()
    expect(refreshGroup().getByText('10:00:00')).toBeInTheDocument()
    await seconds(120)
    expect(client.isFetching()).toBe(0)
    expect(asked).toBe(1)
    expect(screen.queryByRole('heading', { level: 2, name: /^Round 2\b/ })).toBeNull()
  })

  it('asks again every 10 s from the keyboard, keeps focus, and stops by itself once finished', async () => {
    const { router, queryClient: client } = renderApp('/runs/r-live?tz=UTC')
    await round(1)
    const searchBefore = router.state.location.searchStr
    const user = userEvent.setup()
    toggle().focus()
    await user.keyboard(' ')
    expect(toggle()).toBeChecked()
    // The choice is the page's, not the link's.
    expect(router.state.location.searchStr).toBe(searchBefore)

    await seconds(9)
    expect(client.isFetching()).toBe(0)
    await seconds(1)
    await round(2)
    expect(asked).toBe(2)
    expect(await refreshGroup().findByText('10:00:10')).toBeInTheDocument()
    expect(toggle()).toHaveFocus()
    expect(screen.getByText('Not finished (running)')).toBeInTheDocument()

    await seconds(10)
    await round(3)
    const stopped = await screen.findByText(
      /The run has finished \(Completed\): automatic refresh stopped/,
    )
    expect(screen.queryByRole('checkbox', { name: /^Refresh every/ })).toBeNull()
    expect(stopped).toHaveFocus()
    expect(refreshGroup().getByText('10:00:20')).toBeInTheDocument()

    await seconds(120)
    expect(client.isFetching()).toBe(0)
    expect(asked).toBe(3)
  })

  it('asks at the interval chosen', async () => {
    const { queryClient: client } = renderApp('/runs/r-live?tz=UTC')
    await round(1)
    const user = userEvent.setup()
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Seconds between refreshes' }),
      '5',
    )
    await user.click(toggle())
    expect(toggle()).toHaveAccessibleName('Refresh every 5 s')
    await seconds(4)
    expect(client.isFetching()).toBe(0)
    await seconds(1)
    await round(2)
    expect(asked).toBe(2)
  })

  it('keeps the last good run when a refresh fails, says so, and recovers at the next one', async () => {
    server.use(
      liveRun((n) =>
        n === 0
          ? inOrder(0)
          : n <= 4
            ? HttpResponse.json({ error: 'down', message: 'Database restarting.' }, { status: 500 })
            : inOrder(1),
      ),
    )
    renderApp('/runs/r-live?tz=UTC')
    await round(1)
    await userEvent.setup().click(toggle())
    await seconds(10)
    // The first try and its three retries (0.5 s, 1 s, 2 s of real time) all fail.
    const failed = await screen.findByText(
      /The last refresh failed: .*HTTP 500.*Database restarting/,
    )
    expect(failed).toHaveTextContent(
      'The run below is as it was at 10:00:00; trying again in 10 s.',
    )
    expect(asked).toBe(5)
    expect(screen.getByRole('heading', { level: 2, name: /^Round 1\b/ })).toBeInTheDocument()
    expect(screen.queryByText('The run could not be loaded')).toBeNull()
    expect(toggle()).toBeChecked()

    await seconds(10)
    await round(2)
    expect(screen.queryByText(/The last refresh failed/)).toBeNull()
    expect(refreshGroup().getByText('10:00:20')).toBeInTheDocument()
  })

  it('offers nothing for a run that had finished when the page opened', async () => {
    renderApp('/runs/r-done?tz=UTC')
    await round(3)
    expect(screen.queryByRole('group', { name: 'Automatic refresh' })).toBeNull()
    expect(screen.queryByRole('checkbox', { name: /^Refresh every/ })).toBeNull()
  })
})
