/**
 * The built demo (`dist-demo`, with the simulated installation on MSW) in headless Chromium:
 * the shell names the installation and its privacy level, promises that no text is read,
 * navigates, survives deep links and reloads, and reports no errors.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startServer, type RunningServer } from '@/server/static/serve'
import { launchBrowser, openPage, requireBuild, screenshot, type ProbedPage } from './browser'

const NAV_LINKS = ['Overview', 'Tools', 'Runs', 'Checker'] as const
const PRIVACY_PROMISE = /no prompt, argument or result text is ever read/i
const VISIBLE = { timeout: 15_000 } as const

let browser: Browser
let server: RunningServer
let cspServer: RunningServer
const opened: ProbedPage[] = []

beforeAll(async () => {
  const dir = requireBuild('dist-demo')
  server = await startServer({ dir })
  cspServer = await startServer({ dir, csp: true })
  browser = await launchBrowser()
})

afterEach(async () => {
  await Promise.all(opened.splice(0).map((probe) => probe.close()))
})

afterAll(async () => {
  await browser.close()
  await server.close()
  await cspServer.close()
})

async function open(url: string): Promise<ProbedPage> {
  const probe = await openPage(browser, url)
  opened.push(probe)
  return probe
}

/** The one navigation that holds all four links of the shell. */
function mainNav(page: Page) {
  return page
    .getByRole('navigation')
    .filter({ has: page.getByRole('link', { name: 'Overview', exact: true }) })
}

/** Waits until the shell shows the installation, its privacy level and the privacy promise. */
async function expectShell(page: Page): Promise<void> {
  await page.getByText('Demo installation', { exact: true }).waitFor(VISIBLE)
  await page
    .getByText(/metadata-only/i)
    .first()
    .waitFor(VISIBLE)
  await page.getByText(PRIVACY_PROMISE).waitFor(VISIBLE)
  const nav = mainNav(page)
  expect(await nav.count()).toBe(1)
  for (const name of NAV_LINKS) {
    expect(await nav.getByRole('link', { name, exact: true }).count(), `nav link ${name}`).toBe(1)
  }
  expect(
    (await page.locator('main').innerText()).trim(),
    'the page below the shell is not blank',
  ).not.toBe('')
}

function expectNoErrors(probe: ProbedPage): void {
  expect(probe.pageErrors, 'page errors').toEqual([])
  expect(probe.consoleErrors, 'console errors').toEqual([])
  expect(probe.failedRequests, 'failed requests').toEqual([])
}

describe('the demo shell (dist-demo)', () => {
  it('names the installation and its privacy level, promises no text is read, and has the nav', async () => {
    const probe = await open(server.url)
    await expectShell(probe.page)
    // Let the overview's own requests settle so late errors are caught too.
    await probe.page.waitForLoadState('networkidle')
    await screenshot(probe.page, 'shell')
    expectNoErrors(probe)
    expect(probe.errorResponses).toEqual([])
  })

  it('navigates with the nav links without reloading the page', async () => {
    const probe = await open(server.url)
    await expectShell(probe.page)
    await probe.page.evaluate(() => {
      document.documentElement.dataset.sameDocument = 'yes'
    })
    for (const [name, pathname] of [
      ['Tools', '/tools'],
      ['Runs', '/runs'],
      ['Checker', '/checker'],
      ['Overview', '/'],
    ] as const) {
      await mainNav(probe.page).getByRole('link', { name, exact: true }).click()
      await probe.page.waitForURL((url) => url.pathname === pathname)
      await expectShell(probe.page)
    }
    expect(await probe.page.evaluate(() => document.documentElement.dataset.sameDocument)).toBe(
      'yes',
    )
    expectNoErrors(probe)
  })

  it.each(['/tools', '/runs', '/checker', '/tools?x=1'])(
    'renders the shell on a deep link to %s and after a reload',
    async (link) => {
      const probe = await open(new URL(link, server.url).href)
      await expectShell(probe.page)
      // A reload aborts what is still loading (a lazy chart chunk, say) and Chromium reports
      // that as a failed request; the page's own loading must finish first.
      await probe.page.waitForLoadState('networkidle')
      await probe.page.reload()
      await expectShell(probe.page)
      expect(new URL(probe.page.url()).pathname).toBe(new URL(link, server.url).pathname)
      await probe.page.waitForLoadState('networkidle')
      expectNoErrors(probe)
      expect(probe.errorResponses).toEqual([])
    },
  )

  it('renders the shell on a deep link to an unknown run and after a reload', async () => {
    const probe = await open(new URL('/runs/some-uuid', server.url).href)
    await expectShell(probe.page)
    await probe.page.waitForLoadState('networkidle')
    await probe.page.reload()
    await expectShell(probe.page)
    expect(new URL(probe.page.url()).pathname).toBe('/runs/some-uuid')
    await probe.page.waitForLoadState('networkidle')
    expect(probe.pageErrors, 'page errors').toEqual([])
    expect(probe.failedRequests, 'failed requests').toEqual([])
    // The mock rightly answers 404 for this run, and Chromium logs every 4xx response as
    // "Failed to load resource"; that one line is the only console error allowed here.
    const unexpected = probe.consoleErrors.filter(
      (entry) => !(/status of 404/.test(entry.text) && entry.url.includes('/runs/some-uuid')),
    )
    expect(unexpected, 'console errors').toEqual([])
    for (const response of probe.errorResponses)
      expect(response).toMatch(/^404 GET .*\/runs\/some-uuid$/)
  })

  it('runs under the strict Content-Security-Policy without a violation', async () => {
    const probe = await open(cspServer.url)
    await expectShell(probe.page)
    await probe.page.waitForLoadState('networkidle')
    expect(probe.cspViolations, 'CSP violations').toEqual([])
    expectNoErrors(probe)
  })
})
