import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import {
  RouterProvider,
  createMemoryHistory,
  createRootRoute,
  createRouter,
} from '@tanstack/react-router'
import { ApiConfigProvider, type ApiConfig } from '@/api'
import type { Run } from '@/domain/contract'
import { RunTimeline } from './run-timeline'
import { STEPS_PER_PAGE } from './step-pages'

const STEPS = 50_000
const at = (s: number) => new Date(Date.UTC(2026, 10, 30) + s * 1000).toISOString()

/** 50,000 steps, `perRound` to a round; step 0's round is refused and re-sent in the next. */
function hugeRun(perRound: number): Run {
  return {
    uuid: `r-huge-${perRound}`,
    status: 'completed',
    configuration: 'page-editor',
    startedAt: at(0),
    finishedAt: at(STEPS),
    terminationReason: 'completed',
    steps: Array.from({ length: STEPS }, (_, i) => ({
      sequence: i,
      kind: 'tool',
      round: Math.floor(i / perRound) + 1,
      occurredAt: at(i),
      durationMs: 400,
      toolName: 'get_tca',
      toolIsError: false,
      ...(i === 0 ? { toolRefusal: 'arguments' } : {}),
    })),
  }
}

const meta = { argumentCheckSince: null, privacyLevel: 'metadata' }
// The catalogue request (tool names link to the checker) never answers: names stay plain text.
const config: ApiConfig = { baseUrl: '/api/diagnostics/v1', fetchFn: () => new Promise(() => {}) }

/** The timeline of `run` on its run page, with a plain link to a far step beside it. */
function renderRun(run: Run) {
  const router = createRouter({
    routeTree: createRootRoute({
      component: () => (
        <>
          <a href="#step-48000">far step</a>
          <RunTimeline run={run} meta={meta} zone="UTC" onReload={() => undefined} />
        </>
      ),
    }),
    history: createMemoryHistory({ initialEntries: [`/runs/${run.uuid}`] }),
  })
  render(
    <ApiConfigProvider config={config}>
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ApiConfigProvider>,
  )
}

// jsdom has no layout: every element is 740 px high (the box, and each measured round), and
// the box scrolls by keeping the offset it was given and firing `scroll`, as a browser would.
const offsets = new WeakMap<Element, number>()
const saved = ['offsetHeight', 'offsetWidth', 'scrollTop'].map(
  (key) => [key, Object.getOwnPropertyDescriptor(HTMLElement.prototype, key)] as const,
)
const savedScrollTo = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollTo')
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'offsetHeight', {
    configurable: true,
    get: () => 740,
  })
  Object.defineProperty(HTMLElement.prototype, 'offsetWidth', {
    configurable: true,
    get: () => 1200,
  })
  Object.defineProperty(HTMLElement.prototype, 'scrollTop', {
    configurable: true,
    get(this: HTMLElement) {
      return offsets.get(this) ?? 0
    },
    set(this: HTMLElement, value: number) {
      offsets.set(this, value)
      setTimeout(() => this.dispatchEvent(new Event('scroll')))
    },
  })
  Object.defineProperty(Element.prototype, 'scrollTo', {
    configurable: true,
    value(this: HTMLElement, options: ScrollToOptions) {
      this.scrollTop = options.top ?? 0
    },
  })
})
afterAll(() => {
  for (const [key, descriptor] of saved) {
    if (descriptor) Object.defineProperty(HTMLElement.prototype, key, descriptor)
    else Reflect.deleteProperty(HTMLElement.prototype, key)
  }
  if (savedScrollTo) Object.defineProperty(Element.prototype, 'scrollTo', savedScrollTo)
  else Reflect.deleteProperty(Element.prototype, 'scrollTo')
})

const stepRows = () => document.querySelectorAll('.steps-table tbody tr').length
// Role queries walk the whole tree for names; a plain selector keeps a 50,000-step test fast.
const headings = () => document.querySelectorAll('[data-round-heading]')

describe('a run of 50,000 steps', () => {
  it('in rounds of 5: renders a few rounds, says so, and follows a link to a far step', async () => {
    renderRun(hugeRun(5))
    await waitFor(() => expect(headings().length).toBeGreaterThan(0))
    expect(
      screen.getByText(/10,000 rounds, 50,000 steps: only the rounds near the view/),
    ).toBeVisible()
    expect(headings().length).toBeLessThan(10)
    expect(stepRows()).toBeLessThan(50)
    // The time bars stay a bounded drawing: stretches of rounds, not 10,000 rows.
    const bars = screen.getByRole('figure', { name: /The run in time/ })
    expect(within(bars).getAllByRole('listitem').length).toBeLessThanOrEqual(60)
    expect(bars.querySelectorAll('rect').length).toBeLessThan(2_000)

    await userEvent.click(screen.getByRole('link', { name: 'far step' }))
    const row = await waitFor(() => {
      const found = document.getElementById('step-48000')
      expect(found).not.toBeNull()
      return found
    })
    await waitFor(() => expect(row).toHaveFocus())
    expect(within(row as HTMLElement).getByRole('rowheader')).toHaveTextContent('48000')
    expect(document.getElementById('round-9601')).toHaveTextContent(/^Round 9601 — /)
    expect(stepRows()).toBeLessThan(50)
    expect(screen.getByText(/Showing round 9,[\d,]+ to round 9,[\d,]+ of 10,000/)).toBeVisible()
    // 10,000 rounds are more than one scroll box holds: the part with the step is shown.
    expect(
      screen.getByText('The box below holds rounds 8,001 to 10,000 of 10,000 (part 5 of 5).'),
    ).toBeVisible()
  })

  it('in one round: shows a page of its steps, pages on, and jumps to a far step', async () => {
    renderRun(hugeRun(STEPS))
    await waitFor(() => expect(document.getElementById('round-1')).toHaveTextContent(/^Round 1 — /))
    expect(stepRows()).toBe(STEPS_PER_PAGE)
    // One round: the status speaks of pages of steps, not of rounds near the view.
    expect(
      screen.getByText('1 round, 50,000 steps: one page of its steps at a time is in the page.'),
    ).toBeVisible()
    expect(screen.getByText(/Find-in-page sees only the steps shown/)).toBeVisible()
    expect(screen.queryByText(/only the rounds near the view/)).toBeNull()
    expect(screen.getByText(/Showing steps 1–200 of 50,000 of this round/)).toBeVisible()
    expect(screen.getByText(/Waterfall of steps 1–200 of the round's 50,000/)).toBeVisible()

    await userEvent.click(screen.getByRole('button', { name: 'Next page of round 1' }))
    expect(screen.getByText(/Showing steps 201–400 of 50,000/)).toBeVisible()
    expect(document.getElementById('step-200')).not.toBeNull()
    expect(document.getElementById('step-0')).toBeNull()

    await userEvent.type(screen.getByLabelText('Go to step'), '45123{Enter}')
    await waitFor(() => expect(document.getElementById('step-45123')).toHaveFocus())
    expect(screen.getByText(/Showing steps 45,001–45,200 of 50,000/)).toBeVisible()
    expect(stepRows()).toBe(STEPS_PER_PAGE)

    await userEvent.type(screen.getByLabelText('Go to step'), '{Control>}a{/Control}70000{Enter}')
    expect(screen.getByText('This run has no step 70000.')).toBeVisible()
  })
})
