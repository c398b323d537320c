import { beforeEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { server } from '@/testing/msw-server'
import { renderApp } from '@/testing/render-app'
import type { Run } from '@/domain/contract'
import {
  approvalDeclined,
  refusalInLastRound,
  refusalThenCorrected,
  waitingForInput,
} from '@/domain/runs/test-runs'

const base = '/api/diagnostics/v1'
const meta = {
  installation: 'Test',
  privacyLevel: 'metadata',
  earliestAt: '2026-11-01T08:00:00Z',
  latestAt: '2026-11-28T18:00:00Z',
  retentionDays: 30,
  argumentCheckSince: '2026-11-05T09:00:00Z',
}
// Every step of the corrected run, with each sequence number sent twice (a contract breach).
const repeatedSequences: Run = {
  ...refusalThenCorrected,
  uuid: 'r-repeats',
  steps: refusalThenCorrected.steps.map((s, i) => ({ ...s, sequence: Math.floor(i / 2) })),
}
const runs = new Map<string, Run>(
  [
    refusalThenCorrected,
    refusalInLastRound,
    approvalDeclined,
    waitingForInput,
    repeatedSequences,
  ].map((r) => [r.uuid, r]),
)

const happyPath = [
  http.get(`${base}/meta`, () => HttpResponse.json(meta)),
  http.get(`${base}/tools`, () => HttpResponse.json({ tools: [] })),
  http.get(`${base}/runs/:uuid`, ({ params }) => {
    const run = runs.get(String(params.uuid))
    return run
      ? HttpResponse.json(run)
      : HttpResponse.json({ error: 'not_found', message: 'No such run.' }, { status: 404 })
  }),
  // Esc goes back to the list, which then loads.
  http.get(`${base}/runs`, () => HttpResponse.json({ runs: [], nextCursor: null, totalRuns: 0 })),
  // No optional /run-list here: the runs list is folded from /runs.
  http.get(`${base}/run-list`, () => HttpResponse.json({ error: 'not_found' }, { status: 404 })),
]
beforeEach(() => server.use(...happyPath))

const round = (n: number) => {
  const heading = screen.getByRole('heading', { level: 2, name: new RegExp(`^Round ${n}\\b`) })
  const section = heading.closest('section')
  if (!section) throw new Error('no section')
  return within(section)
}
const LIST_SEARCH = '?from=2026-11-10&to=2026-11-10&tz=UTC&outcome=refused-arguments'

describe('/runs/:uuid', () => {
  it('groups a refusal with its not-run sibling and links to the corrected calls of the next round', async () => {
    renderApp(`/runs/r-corrected${LIST_SEARCH}`)
    await screen.findByRole('heading', { level: 2, name: /^Round 1\b/ })
    expect(screen.getByText('Ran after the decision date', { exact: false })).toBeInTheDocument()
    expect(screen.getByText(/keeps run metadata only/)).toBeInTheDocument()

    const first = round(1)
    const note = first.getByRole('note', { name: 'Refused turn' })
    expect(note).toHaveTextContent('Refused: update_page_metadata (step 2, refused: arguments)')
    expect(note).toHaveTextContent(
      'Not run with it: get_page_content (step 3, not run (refused: turn))',
    )
    expect(first.getByRole('row', { name: /^2 / })).toHaveTextContent('Refused: arguments')
    expect(first.getByRole('row', { name: /^3 / })).toHaveTextContent('Not run (refused: turn)')
    const resent = within(note).getByRole('link', {
      name: 'update_page_metadata re-sent as step 5',
    })
    expect(
      within(note).getByRole('link', { name: 'get_page_content re-sent as step 6' }),
    ).toBeInTheDocument()
    expect(note).toHaveTextContent('update_page_metadata re-sent as step 5 — succeeded')
    await userEvent.click(resent)
    expect(document.activeElement?.id).toBe('step-5')
    expect(round(2).getByRole('row', { name: /^5 / })).toHaveTextContent('Succeeded')
    expect(round(2).queryByRole('note')).toBeNull()
  })

  it('shows every step of a run that repeats sequence numbers, each row with its own id', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      renderApp('/runs/r-repeats?tz=UTC')
      await screen.findByRole('heading', { level: 2, name: /^Round 1\b/ })
      const rows = document.querySelectorAll('tr[id^="step-"]')
      expect(rows).toHaveLength(repeatedSequences.steps.length)
      expect(new Set([...rows].map((r) => r.id)).size).toBe(rows.length)
      // Each re-sent link lands on a row of the next round, never on an earlier namesake.
      for (const link of round(1).getAllByRole('link', { name: /re-sent as step/ })) {
        const target = document.getElementById(link.getAttribute('href')?.slice(1) ?? '')
        expect(target?.closest('section')).toBe(
          screen.getByRole('heading', { level: 2, name: /^Round 2\b/ }).closest('section'),
        )
      }
      expect(errors.mock.calls.flat().join(' ')).not.toMatch(/same key/)
    } finally {
      errors.mockRestore()
    }
  })

  it('says a refusal in the last round was not re-sent and why', async () => {
    renderApp('/runs/r-last?tz=UTC')
    await screen.findByRole('heading', { level: 2, name: /^Round 1\b/ })
    const note = round(2).getByRole('note', { name: 'Refused turn' })
    expect(note).toHaveTextContent(
      'Not re-sent: the run ended (maximum iterations reached) after this round.',
    )
    expect(within(note).queryByRole('link')).toBeNull()
    expect(screen.getByText('Maximum iterations reached')).toBeInTheDocument()
  })

  it('shows a denied approval, recorded at round 0, as the decision of its turn', async () => {
    renderApp('/runs/r-declined?tz=UTC')
    await screen.findByRole('heading', { level: 2, name: /^Round 1\b/ })
    expect(screen.queryByRole('heading', { level: 2, name: /^Outside a round/ })).toBeNull()
    expect(round(2).getByRole('heading', { level: 2 })).toHaveTextContent(
      'Round 2 — 1 tool call, 1 denied, approval denied',
    )
    expect(round(2).getByText('Denied by an editor')).toBeInTheDocument()
    expect(round(2).getByText('Denied (not run)')).toBeInTheDocument()
    expect(round(2).getByText(/denied the approval card of this turn/)).toBeInTheDocument()
  })

  it('marks a run waiting for input as not finished, never as complete', async () => {
    renderApp('/runs/r-waiting?tz=UTC')
    await screen.findByRole('heading', { level: 2, name: /^Round 1\b/ })
    expect(screen.getByText('Not finished (waiting for input)')).toBeInTheDocument()
    expect(
      screen.getByText(/asked the user a question that has not been answered/),
    ).toBeInTheDocument()
    expect(screen.getByText('not finished')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Reload run' })).toBeEnabled()
    expect(round(1).getByText('Question answered by the user')).toBeInTheDocument()
  })

  it('moves between rounds with j/k and arrows, and Esc returns to the list with its filters', async () => {
    const { router } = renderApp(`/runs/r-corrected${LIST_SEARCH}`)
    await screen.findByRole('heading', { level: 2, name: /^Round 1\b/ })
    await userEvent.keyboard('j')
    expect(document.activeElement).toHaveTextContent(/^Outside a round/)
    await userEvent.keyboard('{ArrowDown}')
    expect(document.activeElement).toHaveTextContent(/^Round 1/)
    await userEvent.keyboard('jj')
    expect(document.activeElement).toHaveTextContent(/^Round 3/)
    await userEvent.keyboard('k')
    expect(document.activeElement).toHaveTextContent(/^Round 2/)
    await userEvent.keyboard('{Escape}')
    await screen.findByRole('heading', { level: 1, name: 'Runs' })
    expect(router.state.location.pathname).toBe('/runs')
    expect(router.state.location.search).toMatchObject({ outcome: 'refused-arguments', tz: 'UTC' })
  })

  it('explains an unknown or purged run with the retention days and a way back', async () => {
    renderApp(`/runs/gone-uuid${LIST_SEARCH}`)
    expect(
      await screen.findByText('This run does not exist or was removed by the retention policy.'),
    ).toBeInTheDocument()
    expect(await screen.findByText(/keeps runs for 30 days/)).toBeInTheDocument()
    const back = screen.getByRole('link', { name: 'Back to the runs list' })
    expect(back.getAttribute('href')).toContain('outcome=refused-arguments')
  })

  it('goes back to the list with its filters on Esc from the not-found page too', async () => {
    const { router } = renderApp(`/runs/gone-uuid${LIST_SEARCH}`)
    await screen.findByText(/keeps runs for 30 days/)
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(router.state.location.pathname).toBe('/runs'))
    expect(router.state.location.search).toMatchObject({ outcome: 'refused-arguments' })
  })

  it('says what a full-text installation keeps, and never invents a level', async () => {
    server.use(http.get(`${base}/meta`, () => HttpResponse.json({ ...meta, privacyLevel: 'full' })))
    renderApp(`/runs/r-corrected${LIST_SEARCH}`)
    expect(
      await screen.findByText(/keeps the texts too \(privacy level: full\)/),
    ).toBeInTheDocument()
    expect(screen.queryByText(/keeps run metadata only/)).not.toBeInTheDocument()
  })

  it('says that the server asked to wait, and how long, while it retries a 503', async () => {
    let asked = 0
    server.use(
      http.get(`${base}/runs/:uuid`, ({ params }) => {
        asked++
        if (asked === 1) {
          return HttpResponse.json(
            { error: 'busy', message: 'Try later.' },
            { status: 503, headers: { 'Retry-After': '1' } },
          )
        }
        return HttpResponse.json(runs.get(String(params.uuid)))
      }),
    )
    renderApp(`/runs/r-corrected${LIST_SEARCH}`)
    expect(
      await screen.findByText(/The server asked us to wait \(HTTP 503\): try 2 of 4 in 1 s/),
    ).toBeInTheDocument()
    expect(await screen.findByRole('heading', { level: 2, name: /^Round 1\b/ })).toBeInTheDocument()
    expect(asked).toBe(2)
  })

  it('names a decision date set in the link as such, not as when the check went live', async () => {
    renderApp(`/runs/r-corrected${LIST_SEARCH}&since=2026-11-01`)
    await screen.findByRole('heading', { level: 2, name: /^Round 1\b/ })
    expect(screen.getByText(/decision date set in the link: 2026-11-01/)).toBeInTheDocument()
    expect(screen.queryByText(/argument check since/)).not.toBeInTheDocument()
  })

  it('lists the steps the installation could not read, as text only', async () => {
    const evil = '\u202Eevil<img src=x onerror=alert(1)>'
    const damaged = {
      ...refusalThenCorrected,
      uuid: 'r-damaged',
      unreadableSteps: [
        {
          sequence: 8,
          kind: 'tool',
          round: 3,
          occurredAt: '2026-11-10T10:03:00.000Z',
          toolName: evil,
          listed: false,
          reason: '<script>alert(1)</script> "toolIsError": expected boolean, received string',
        },
        {
          sequence: 4,
          kind: 'llm',
          round: 2,
          occurredAt: '2026-11-10T10:02:00.000Z',
          listed: true,
          reason: '"promptTokens": expected number, received string',
        },
        {
          sequence: 9,
          kind: '',
          round: 0,
          occurredAt: '2026-11-10T10:04:00.000Z',
          listed: false,
          reason: 'its payload is not a JSON object',
        },
      ],
    }
    server.use(http.get(`${base}/runs/r-damaged`, () => HttpResponse.json(damaged)))
    renderApp('/runs/r-damaged?tz=UTC')
    const section = within(
      await screen.findByRole('region', { name: 'Steps that could not be read' }),
    )
    expect(section.getByRole('status')).toHaveTextContent(
      'Incomplete: 3 recorded steps of this run could not be read' +
        'The installation could not read them fully (damaged or older payloads). 2 steps are missing from the rounds below, 1 tool call among them, not counted.',
    )
    const cells = (name: RegExp) =>
      within(section.getByRole('row', { name }))
        .getAllByRole('cell')
        .map((cell) => cell.textContent)
    expect(cells(/^8 /)).toEqual([
      '10:03:00.000',
      'tool',
      '3',
      evil,
      'Not shown; the call is not counted',
      '<script>alert(1)</script> "toolIsError": expected boolean, received string',
    ])
    expect(cells(/^4 /)).toEqual([
      '10:02:00.000',
      'llm',
      '2',
      'not read',
      'Shown in its round, without the fields that could not be read',
      '"promptTokens": expected number, received string',
    ])
    expect(cells(/^9 /).slice(1, 5)).toEqual(['(none)', 'outside', 'not read', 'Not shown'])
    // Names and reasons are text, each isolated so a right-to-left override stays inside.
    expect(document.querySelector('img')).toBeNull()
    expect(document.querySelector('main script')).toBeNull()
    expect(section.getByText(evil).tagName).toBe('BDI')
    // The header counts the unlisted tool call beside the listed ones.
    const facts = screen.getByText('Tool calls').closest('div')
    expect(facts).toHaveTextContent('Tool calls4, and 1 that could not be read')
    // The rounds are the run's listed steps, as always.
    expect(round(1).getByRole('row', { name: /^2 / })).toHaveTextContent('Refused: arguments')
  })

  it('has no such section for a run whose steps could all be read', async () => {
    renderApp('/runs/r-corrected?tz=UTC')
    await screen.findByRole('heading', { level: 2, name: /^Round 1\b/ })
    expect(screen.queryByRole('region', { name: 'Steps that could not be read' })).toBeNull()
    expect(screen.queryByText(/could not be read/)).toBeNull()
  })

  it('says when runs are kept forever', async () => {
    server.use(http.get(`${base}/meta`, () => HttpResponse.json({ ...meta, retentionDays: null })))
    renderApp('/runs/gone-uuid')
    expect(await screen.findByText(/keeps runs forever/)).toBeInTheDocument()
  })
})
