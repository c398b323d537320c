/**
 * API faults against the production build (`dist/`): the test server answers the API itself from
 * the simulated installation (no service worker), and each test injects its fault with
 * Playwright's request routing. Every fault ends in a specific, visible state; no figure is ever
 * shown as complete when it is not.
 */
import type { Page, Route } from 'playwright-core'
import { afterEach, describe, expect, it } from 'vitest'
import { createInstallation, type Installation } from '@/mocks/installation'
import { createEmptyInstallation } from '@/mocks/variants'
import { apiHook } from '../fixtures/api-server'
import { openWith, routeRuns } from '../fixtures/probes'
import { screenshot, type ProbedPage } from './browser'
import { demoSession } from './demo-session'

const FULL = '/tools?from=2026-09-01&to=2026-11-28&tz=UTC'
const WAIT = { timeout: 30_000 } as const

const demo = createInstallation()
/** Tool calls with a step time in the FULL range (its `to` day included): the reference figure. */
const FULL_RANGE = { from: Date.parse('2026-09-01T00:00Z'), to: Date.parse('2026-11-29T00:00Z') }
const FULL_CALLS = countCalls(demo, FULL_RANGE.from, FULL_RANGE.to)
const FULL_RUNS = demo.queryRuns({ ...FULL_RANGE, tools: [] }, null, 1).totalRuns
let installation: Installation = demo
const session = demoSession({
  build: 'dist',
  handle: apiHook({ installation: () => installation }),
})
afterEach(() => {
  installation = demo
})

function countCalls(source: Installation, from: number, to: number): number {
  let calls = 0
  let after: string | null = null
  for (;;) {
    const slice = source.queryRuns({ from, to, tools: [] }, after, 500)
    for (const run of slice.runs) {
      for (const step of run.steps) {
        const at = Date.parse(step.occurredAt)
        if (step.kind === 'tool' && at >= from && at < to) calls += 1
      }
    }
    if (slice.continueAfter === null) return calls
    after = slice.continueAfter.uuid
  }
}

async function open(path: string, setup?: (page: Page) => Promise<unknown>): Promise<ProbedPage> {
  return session.closeAfterTest(
    await openWith(session.browser, session.url, path, async (p) => {
      await setup?.(p.page)
    }),
  )
}

/** The totals row's calls as shown now (complete or not). */
async function shownCalls(page: Page): Promise<number> {
  const cell = page.locator('table tfoot td').first()
  await cell.waitFor(WAIT)
  return Number((await cell.innerText()).replace(/,/g, ''))
}

/** The totals row's calls once the table says it is complete. */
async function totalCalls(page: Page): Promise<number> {
  const caption = page.locator('table caption')
  await caption.waitFor(WAIT)
  await expect.poll(() => caption.innerText(), WAIT).not.toContain('incomplete')
  return shownCalls(page)
}

const text = (page: Page, pattern: RegExp) => page.getByText(pattern).first().waitFor(WAIT)

/** Answers with the real page after editing its JSON. */
async function edited(route: Route, edit: (body: Record<string, unknown>) => void): Promise<void> {
  const response = await route.fetch()
  const body = (await response.json()) as Record<string, unknown>
  edit(body)
  await route.fulfill({ response, json: body })
}

describe('server trouble', () => {
  it('retries a 502 with growing backoff, then names the status and offers Retry', async () => {
    let failing = true
    const times: number[] = []
    const { page } = await open(FULL, (p) =>
      routeRuns(p, async (route) => {
        times.push(Date.now())
        if (failing)
          await route.fulfill({
            status: 502,
            contentType: 'text/html',
            body: '<h1>Bad gateway</h1>',
          })
        else await route.fallback()
      }),
    )
    const alert = page.getByRole('alert').filter({ hasText: 'The runs could not be loaded' })
    await alert.waitFor(WAIT)
    await expect.poll(() => alert.innerText()).toContain('answered HTTP 502 for /runs')
    expect(times).toHaveLength(4)
    const gaps = times.slice(1).map((t, i) => t - (times[i] ?? 0))
    expect(gaps[0]).toBeGreaterThanOrEqual(450)
    expect(gaps[2]).toBeGreaterThan(gaps[0] ?? 0)
    await screenshot(page, 'faults-502')

    failing = false
    await alert.getByRole('button', { name: 'Retry' }).click()
    expect(await totalCalls(page)).toBe(FULL_CALLS)
  })

  it('says when /meta answers 500 and loads after Retry', async () => {
    let failing = true
    let calls = 0
    const { page } = await open(FULL, (p) =>
      p.route('**/api/diagnostics/v1/meta', async (route) => {
        calls += 1
        if (failing)
          await route.fulfill({
            status: 500,
            json: { error: 'internal', message: 'Database away.' },
          })
        else await route.fallback()
      }),
    )
    const alert = page.getByRole('alert').filter({ hasText: 'The installation could not be read' })
    await alert.waitFor(WAIT)
    expect(await alert.innerText()).toContain('answered HTTP 500 for /meta — Database away.')
    expect(calls).toBe(4)
    failing = false
    await alert.getByRole('button', { name: 'Retry' }).click()
    expect(await totalCalls(page)).toBe(FULL_CALLS)
  })

  it.each([503, 429])(
    'waits as long as a %i Retry-After says, says so, then continues',
    async (status) => {
      const times: number[] = []
      const { page } = await open(FULL, (p) =>
        routeRuns(p, async (route, url) => {
          times.push(Date.now())
          // The second page is refused once: mid-load, with figures already on screen.
          if (url.searchParams.has('cursor') && times.length === 2) {
            await route.fulfill({
              status,
              headers: { 'Retry-After': '2' },
              json: { error: 'busy', message: 'Busy.' },
            })
          } else await route.fallback()
        }),
      )
      await text(page, /The server asked us to wait; continuing in 2 s/)
      await screenshot(page, `faults-${status}-waiting`)
      await expect
        .poll(() => page.locator('table caption').innerText(), WAIT)
        .not.toContain('incomplete')
      expect(await totalCalls(page)).toBe(FULL_CALLS)
      expect(times).toHaveLength(3)
      expect((times[2] ?? 0) - (times[1] ?? 0)).toBeGreaterThanOrEqual(1_900)
    },
  )
})

describe('the session and rights', () => {
  it.each([
    [401, 'Your CMS session has ended — sign in again.'],
    [403, 'Your account may not read run diagnostics.'],
  ])('a %i on /runs says so once and does not retry', async (status, message) => {
    let calls = 0
    const { page } = await open(FULL, (p) =>
      routeRuns(p, async (route) => {
        calls += 1
        await route.fulfill({ status, json: { error: 'denied', message: 'No.' } })
      }),
    )
    await text(page, new RegExp(message))
    await page.waitForTimeout(2_500)
    expect(calls).toBe(1)
    await screenshot(page, `faults-${status}`)
  })

  it('a 401 on /meta shows the sign-in message in the header and the page, asked once', async () => {
    let calls = 0
    const { page } = await open(FULL, (p) =>
      p.route('**/api/diagnostics/v1/meta', async (route) => {
        calls += 1
        await route.fulfill({ status: 401, body: '' })
      }),
    )
    await expect
      .poll(() => page.getByText('Your CMS session has ended — sign in again.').count(), WAIT)
      .toBe(2)
    await page.waitForTimeout(2_000)
    expect(calls).toBe(1)
  })
})

describe('no answer', () => {
  it('gives up after the configured time per attempt with a timeout message and Retry', async () => {
    // Runs load in a Web Worker, where Playwright's clock does not reach: the installation's
    // config.json sets a short request timeout instead (the default, 30 s, is a unit test's).
    let hanging = true
    const held: Route[] = []
    const { page } = await open(FULL, async (p) => {
      await p.route('**/config.json', (route) => route.fulfill({ json: { apiTimeoutMs: 1_000 } }))
      await routeRuns(p, async (route) => {
        if (hanging) held.push(route)
        else await route.fallback()
      })
    })
    const alert = page.getByRole('alert').filter({ hasText: 'The runs could not be loaded' })
    await alert.waitFor(WAIT)
    expect(await alert.innerText()).toContain('did not answer /runs within 1 second.')
    expect(held).toHaveLength(4)
    await screenshot(page, 'faults-timeout')
    hanging = false
    await alert.getByRole('button', { name: 'Retry' }).click()
    expect(await totalCalls(page)).toBe(FULL_CALLS)
  })
})

describe('the network drops while paging', () => {
  it('marks the figures incomplete: N of M runs, and Resume continues from the last cursor', async () => {
    let dropping = true
    let firstCursor: string | null = null
    const cursors: (string | null)[] = []
    const { page } = await open(FULL, (p) =>
      routeRuns(p, async (route, url) => {
        cursors.push(url.searchParams.get('cursor'))
        if (!url.searchParams.has('cursor')) {
          await edited(route, (body) => {
            firstCursor = typeof body.nextCursor === 'string' ? body.nextCursor : null
          })
        } else if (dropping) await route.abort('connectionreset')
        else await route.fallback()
      }),
    )
    const banner = page
      .getByRole('alert')
      .filter({ hasText: `Incomplete: 500 of ${FULL_RUNS} runs` })
    await banner.waitFor(WAIT)
    expect(await banner.innerText()).toContain('could not be reached for /runs (network error)')
    expect(await page.locator('table caption').innerText()).toContain('— incomplete')
    expect(await page.getByRole('button', { name: 'Export tool report (CSV)' }).isDisabled()).toBe(
      true,
    )
    expect(await shownCalls(page)).toBeLessThan(FULL_CALLS)
    await screenshot(page, 'faults-incomplete')

    dropping = false
    const before = cursors.length
    await banner.getByRole('button', { name: 'Resume' }).click()
    await expect
      .poll(() => page.locator('table caption').innerText(), WAIT)
      .not.toContain('incomplete')
    expect(cursors[before]).toBe(firstCursor)
    expect(cursors.slice(before).includes(null)).toBe(false)
    expect(await totalCalls(page)).toBe(FULL_CALLS)
    expect(await page.getByRole('button', { name: 'Export tool report (CSV)' }).isEnabled()).toBe(
      true,
    )
  })
})

describe('answers that break the contract', () => {
  it('names the endpoint when the body is not JSON', async () => {
    const { page } = await open(FULL, (p) =>
      routeRuns(p, (route) =>
        route.fulfill({ status: 200, contentType: 'application/json', body: '{"runs": [' }),
      ),
    )
    await text(
      page,
      /The response of \/runs does not fit the diagnostics API contract at the response body: the body is not valid JSON/,
    )
  })

  it('names the endpoint and the field path of a value that does not fit', async () => {
    const { page } = await open(FULL, (p) =>
      routeRuns(p, (route) =>
        edited(route, (body) => {
          const runs = body.runs as { steps: { occurredAt: string }[] }[]
          const step = runs[3]?.steps[2]
          if (step) step.occurredAt = 'yesterday at noon'
        }),
      ),
    )
    await text(
      page,
      /The response of \/runs does not fit the diagnostics API contract at runs\[3\]\.steps\[2\]\.occurredAt/,
    )
    await screenshot(page, 'faults-contract')
  })

  it('names /meta and its field when the installation description is broken', async () => {
    const { page } = await open(FULL, (p) =>
      p.route('**/api/diagnostics/v1/meta', (route) =>
        edited(route, (body) => void (body.earliestAt = 42)),
      ),
    )
    await text(
      page,
      /The response of \/meta does not fit the diagnostics API contract at earliestAt/,
    )
  })
})

describe('unknown values and duplicates', () => {
  it('counts a new refusal code, step kind and run status under their own names, dropping nothing', async () => {
    let budget = 0
    const { page } = await open(FULL, (p) =>
      routeRuns(p, (route) =>
        edited(route, (body) => {
          const runs = body.runs as {
            status: string
            steps: { kind: string; toolRefusal?: string | null; occurredAt: string }[]
          }[]
          runs.slice(0, 3).forEach((run) => (run.status = 'paused_by_operator'))
          for (const run of runs.slice(0, 20)) {
            const llm = run.steps.find((s) => s.kind === 'llm')
            if (llm) llm.kind = 'reflection'
            const tool = run.steps.find((s) => s.kind === 'tool' && s.occurredAt < '2026-11-29')
            if (tool) {
              tool.toolRefusal = 'budget'
              budget += 1
            }
          }
        }),
      ),
    )
    expect(await totalCalls(page)).toBe(FULL_CALLS)
    const header = page.getByRole('columnheader', { name: 'Refused: budget' })
    await header.waitFor(WAIT)
    const index = await header.evaluate((th) => (th as HTMLTableCellElement).cellIndex)
    const cell = page.locator('table tfoot tr').locator('th, td').nth(index)
    expect(Number(await cell.innerText())).toBe(budget)
    await text(
      page,
      /Refusal codes this dashboard does not know yet are counted under their own names: budget/,
    )
    await text(page, /Unknown step kinds were seen: reflection/)
    await text(page, /Unknown run statuses were seen: paused_by_operator/)
    await screenshot(page, 'faults-unknown-values')
  })

  it('counts a run sent on two pages once, with a warning', async () => {
    let repeated: unknown = null
    const { page } = await open(FULL, (p) =>
      routeRuns(p, (route, url) =>
        edited(route, (body) => {
          const runs = body.runs as unknown[]
          if (!url.searchParams.has('cursor')) repeated = runs.at(-1) ?? null
          else if (repeated !== null) runs.unshift(repeated)
        }),
      ),
    )
    await text(page, /The server sent 1 run\(s\) more than once; each was counted once\./)
    expect(await totalCalls(page)).toBe(FULL_CALLS)
  })
})

describe('an empty installation', () => {
  it('says what would appear instead of showing zeros as findings', async () => {
    installation = createEmptyInstallation()
    const { page, pageErrors } = await open('/tools')
    await text(page, /This installation has not recorded any agent runs yet/)
    expect(
      await page.getByText(/every tool call appears here per tool and outcome/).count(),
    ).toBeGreaterThan(0)
    expect(await page.locator('table').count()).toBe(0)
    expect(pageErrors).toEqual([])
    await screenshot(page, 'faults-empty-installation')
    // The runs list says the same, not "try a longer range".
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Runs' }).click()
    await text(page, /This installation has not recorded any agent runs yet/)
    expect(await page.getByText(/Try a longer range/).count()).toBe(0)
    expect(pageErrors).toEqual([])
  })
})
