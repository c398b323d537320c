/**
 * The page itself, served with the strict Content-Security-Policy: every page used as a person
 * would (filters, sorting, pickers, exports, a run's timeline, the checker) without a single
 * violation; the full-privacy installation's text fields never reach the page; nothing but
 * harmless preferences and saved views (URL filters, no typed arguments) in storage; the nginx example sends the very policy tested here.
 */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { LEAK_MARKER } from '@/mocks/variants'
import { SAVED_VIEWS_KEY } from '@/features/saved-views/saved-view'
import { VIEW_KEYS } from '@/features/saved-views/view-search'
import { openWith } from '../fixtures/probes'
import { STRICT_CSP, startServer, type RunningServer } from '@/server/static/serve'
import { REPO_ROOT, launchBrowser, requireBuild, screenshot, type ProbedPage } from './browser'
import { configHook } from '../fixtures/config-hook'

const RANGE = 'from=2026-09-01&to=2026-11-28&tz=UTC'
const WAIT = { timeout: 30_000 } as const

let variant: 'default' | 'hostile' = 'default'
let browser: Browser
let server: RunningServer
const opened: ProbedPage[] = []

beforeAll(async () => {
  server = await startServer({
    dir: requireBuild('dist-demo'),
    csp: true,
    handle: configHook(() => ({ demoVariant: variant })),
  })
  browser = await launchBrowser()
})
afterEach(async () => {
  variant = 'default'
  await Promise.all(opened.splice(0).map((p) => p.close()))
})
afterAll(async () => {
  await browser?.close()
  await server?.close()
})

async function settled(page: Page): Promise<void> {
  await page.locator('main h1').first().waitFor(WAIT)
  await expect.poll(() => page.locator('.state--loading').count(), WAIT).toBe(0)
}

/** Clicks the first button with this name, when the page has one; downloads are accepted. */
async function press(page: Page, name: string | RegExp): Promise<void> {
  const button = page.getByRole('button', { name }).first()
  if ((await button.count()) === 0 || !(await button.isEnabled())) return
  await button.click()
  await settled(page)
}

/**
 * Uses every page: presets and sorting on the overview and tool report, the tool picker, every
 * export, the runs list's filters, one run's timeline, the checker's examples. Calls `visit`
 * after each step with the page in its new state.
 */
async function walk(page: Page, visit: (step: string) => Promise<void>): Promise<void> {
  /** Opens `path` inside the app and waits for its page (titled `heading`) and its filter bar. */
  const go = async (path: string, heading: string) => {
    await page.getByRole('navigation', { name: 'Main' }).waitFor(WAIT)
    await page.evaluate((to) => {
      window.history.pushState({}, '', to)
      window.dispatchEvent(new PopStateEvent('popstate'))
    }, path)
    await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor(WAIT)
    await page.getByRole('region', { name: 'Filters' }).waitFor(WAIT)
    await settled(page)
    await visit(path)
  }
  await settled(page)
  await visit('/')
  // The filter bar and report mount just after the page's title: wait for them, not skip them.
  await page.getByRole('region', { name: 'Filters' }).waitFor(WAIT)
  await press(page, 'Last 30 days')
  await press(page, /Export comparison/)
  await visit('overview used')

  await go(`/tools?${RANGE}`, 'Tools')
  await press(page, 'Failed')
  await press(page, /^Tools: /)
  await page.getByRole('checkbox').first().check()
  await settled(page)
  // The report loads again for the chosen tool; its exports are offered once it is complete
  // (a busy machine can be slower than `settled`): wait for them rather than skip them.
  for (const name of [/Export tool report/, /Export tool calls/]) {
    const button = page.getByRole('button', { name, disabled: false }).first()
    await button.waitFor(WAIT)
    await button.click()
    await settled(page)
  }
  await expect
    .poll(() => page.getByText(/Exported \d+ tool calls/).count(), WAIT)
    .toBeGreaterThan(0)
  await visit('tools used')
  await screenshot(page, `csp-tools-${variant}`)

  await go(`/runs?${RANGE}`, 'Runs')
  const outcome = page.getByLabel('Outcome')
  if ((await outcome.count()) > 0) await outcome.selectOption({ index: 1 })
  await settled(page)
  await press(page, /Export runs/)
  await press(page, 'Any outcome')
  await page
    .getByRole('link', { name: /^2026-/ })
    .first()
    .click()
  await settled(page)
  await visit('run page')

  await page.getByRole('link', { name: 'Checker' }).click()
  await settled(page)
  await press(page, /A missing required argument/)
  await press(page, /The text "5" for an integer/)
  await visit('checker used')
}

describe('under the strict Content-Security-Policy', () => {
  it('reports no violation while every page is used', async () => {
    const probe = await openWith(browser, server.url, `/?${RANGE}`)
    opened.push(probe)
    const { page, cspViolations, pageErrors } = probe
    const response = await page.request.get(`${server.url}tools`)
    expect(response.headers()['content-security-policy']).toBe(STRICT_CSP)
    const steps: string[] = []
    await walk(page, async (step) => {
      steps.push(step)
      expect(cspViolations, step).toEqual([])
    })
    expect(steps).toContain('checker used')
    expect(pageErrors).toEqual([])
    // The probe page (a static file) makes Chromium ask for /favicon.ico once; the app never does.
    expect(probe.consoleErrors.filter((e) => !e.url.endsWith('/favicon.ico'))).toEqual([])
    await screenshot(page, 'csp-checker')
  }, 120_000)

  it('never shows the text fields a full-privacy installation sends, nor keeps them', async () => {
    variant = 'hostile'
    const probe = await openWith(browser, server.url, `/?${RANGE}`)
    opened.push(probe)
    const { page, cspViolations } = probe
    await walk(page, async (step) => {
      const html = await page.evaluate(() => document.documentElement.outerHTML)
      expect(html.includes('LEAKED'), step).toBe(false)
      expect(cspViolations, step).toEqual([])
    })
    expect(await page.getByText('Privacy level: full text').count()).toBe(1)
    const stored = await page.evaluate(() => [
      ...Object.entries(localStorage).map(([k, v]) => `local ${k}=${v}`),
      ...Object.entries(sessionStorage).map(([k, v]) => `session ${k}=${v}`),
    ])
    expect(stored.filter((entry) => entry.includes(LEAK_MARKER))).toEqual([])
  }, 120_000)

  it('keeps nothing but harmless preferences in storage and sets no cookie', async () => {
    const probe = await openWith(browser, server.url, `/?${RANGE}`)
    opened.push(probe)
    const { page, context } = probe
    await walk(page, async () => undefined)
    // The checker with arguments text in the address: a saved view of it keeps the page's
    // filters and chosen mode, never that text.
    await page.evaluate((to) => {
      window.history.pushState({}, '', to)
      window.dispatchEvent(new PopStateEvent('popstate'))
    }, `/checker?${RANGE}&mode=turn&args=%7B%22pageId%22%3A%22typed%22%7D`)
    await settled(page)
    expect(new URL(page.url()).searchParams.has('args')).toBe(true)
    await page.getByRole('button', { name: 'Save view' }).click()
    await page.getByRole('textbox', { name: 'Name of the view' }).fill('Checker example')
    await page.keyboard.press('Enter')
    await page.getByText('Saved the view “Checker example”.').waitFor(WAIT)
    const { local, session } = await page.evaluate(() => ({
      local: Object.entries(localStorage),
      session: Object.entries(sessionStorage),
    }))
    // The saved views are the only thing in local storage; a new key must be added here on
    // purpose, after a review.
    expect(local.map(([key]) => key)).toEqual([SAVED_VIEWS_KEY])
    const stored = JSON.parse(local[0]?.[1] ?? 'null') as {
      views: { path: string; search: Record<string, unknown> }[]
    }
    expect(stored.views.map((v) => v.path)).toEqual(['/checker'])
    expect(local[0]?.[1]).not.toContain('typed')
    for (const view of stored.views) {
      for (const key of Object.keys(view.search)) expect(VIEW_KEYS.has(key), key).toBe(true)
      expect(Object.keys(view.search)).not.toContain('args')
      expect(Object.keys(view.search)).not.toContain('call')
    }
    // The router's scroll positions are the only thing in session storage: numbers per page.
    for (const [key, value] of session) {
      expect(key).toMatch(/^tsr-scroll-restoration/)
      expect(value).not.toMatch(/LEAKED|token|secret|password/i)
    }
    expect(await context.cookies()).toEqual([])
  }, 120_000)
})

describe('the example nginx configuration', () => {
  it('sends the same policy as the test server, with the index.html fallback', async () => {
    const conf = await readFile(path.join(REPO_ROOT, 'docs/deploy/nginx.conf'), 'utf8')
    const policies = [...conf.matchAll(/add_header\s+Content-Security-Policy\s+"([^"]+)"/g)].map(
      (m) => m[1],
    )
    expect(policies.length).toBeGreaterThan(0)
    for (const policy of policies) expect(policy).toBe(STRICT_CSP)
    expect(conf).toMatch(/try_files \$uri \/index\.html;/)
  })
})
