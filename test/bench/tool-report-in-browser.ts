/**
 * Issue 22, in the browser: the tool report of one range in headless Chromium against a running
 * API server — once answered by the server's `/summary`, once folded by the browser from
 * `/runs` (the page is told `/summary` is not offered, as an installation without it answers).
 * Milliseconds from navigation to the settled table (export offered, no progress shown).
 */
import type { Browser, Page } from 'playwright-core'

/** Waits until the tool report's load has ended (its export is offered, no progress shown). */
async function settled(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Export tool report (CSV)' }).waitFor({ timeout: 900_000 })
  await page.waitForFunction(() => !document.querySelector('[role="status"] progress'), undefined, {
    timeout: 900_000,
  })
}

async function timedLoad(browser: Browser, url: string, fold: boolean): Promise<number> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    timezoneId: 'UTC',
  })
  const page = await context.newPage()
  if (fold) {
    await page.route('**/summary?*', (route) =>
      route.fulfill({
        status: 404,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'not_found', message: 'No summary here.' }),
      }),
    )
  }
  const started = Date.now()
  await page.goto(url)
  await settled(page)
  const ms = Date.now() - started
  await context.close()
  return ms
}

/** The report at `url` answered by the server, then folded by the browser: ms each. */
export async function toolReportInBrowser(
  browser: Browser,
  url: string,
): Promise<{ server: number; fold: number }> {
  const server = await timedLoad(browser, url, false)
  const fold = await timedLoad(browser, url, true)
  return { server, fold }
}
