/**
 * Issue 22, in the browser: the tool report of one range in headless Chromium against a running
 * API server — once answered by the server's `/summary`, once folded by the browser from
 * `/runs` (the page is told `/summary` is not offered, as an installation without it answers).
 * Time from navigation to the settled table (export offered, no progress shown); a load still
 * going after `capMs` is stopped and reported with how many runs it had loaded.
 */
import type { Browser, Page } from 'playwright-core'

export interface ReportLoad {
  ms: number
  settled: boolean
  /** The load's own "N of M" while it was still going (null once settled). */
  progress: string | null
}

/** Waits until the tool report's load has ended (its export is offered, no progress shown). */
async function settled(page: Page, timeout: number): Promise<void> {
  await page.getByRole('button', { name: 'Export tool report (CSV)' }).waitFor({ timeout })
  await page.waitForFunction(() => !document.querySelector('[role="status"] progress'), undefined, {
    timeout,
  })
}

async function timedLoad(
  browser: Browser,
  url: string,
  fold: boolean,
  capMs: number,
): Promise<ReportLoad> {
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
  const done = await settled(page, capMs).then(
    () => true,
    () => false,
  )
  const ms = Date.now() - started
  const progress = done
    ? null
    : ((await page.locator('[role="status"]').first().textContent()) ?? '').replace(/\s+/g, ' ')
  await context.close()
  return { ms, settled: done, progress }
}

/** The report at `url` answered by the server, then folded by the browser. */
export async function toolReportInBrowser(
  browser: Browser,
  url: string,
  capMs: number,
): Promise<{ server: ReportLoad; fold: ReportLoad }> {
  const server = await timedLoad(browser, url, false, capMs)
  const fold = await timedLoad(browser, url, true, capMs)
  return { server, fold }
}
