/**
 * Decision 0008, in the browser: the tool report of one range in headless Chromium against a running
 * API server — once answered by the server's `/summary`, once folded by the browser from
 * `/runs` (the page is told `/summary` is not offered, as an installation without it answers).
 * Time from navigation to the settled table (export offered and enabled, no progress shown), and when the
 * steps on the way happened; a load still going after `capMs` is stopped and reported with how
 * many runs it had loaded.
 */
import type { Browser, Locator, Page, Request } from 'playwright-core'

/** Milliseconds after navigation began; null for a step that did not happen. */
export interface ReportPhases {
  /** `/meta` answered (the page can read its filters). */
  metaAnswered: number | null
  /** The first `/summary` asked for (by the worker), and its answer's last byte. */
  summaryAsked: number | null
  summaryAnswered: number | null
  /** The export button in the document (the figures are drawn). */
  exportShown: number | null
  /**
   * The table settled (export offered and enabled, no progress shown) by the page's own clock, from the
   * start of its navigation: without the driver's polling and its messages to the page.
   */
  settledInPage: number | null
}

export interface ReportLoad {
  ms: number
  settled: boolean
  /** The load's own "N of M" while it was still going (null once settled). */
  progress: string | null
  phases: ReportPhases
}

/**
 * Notes, in the page's own clock, when the export button labelled `label` first appears (epoch
 * ms) and when the page first settles (ms since navigation start): as {@link settled} waits for it.
 */
const markExport = (label: string) => `
  new MutationObserver(function (_, observer) {
    var button = Array.prototype.find.call(document.querySelectorAll(${JSON.stringify(EXPORTS)}), function (b) {
      return (b.textContent || '').indexOf(${JSON.stringify(label)}) >= 0
    })
    if (!button) return
    if (!window.__exportShownAt) window.__exportShownAt = performance.timeOrigin + performance.now()
    // A page may show its export while it loads, disabled until every figure is in.
    if (button.disabled || document.querySelector('[role="status"] progress')) return
    window.__settledAt = performance.now()
    observer.disconnect()
  }).observe(document, { subtree: true, childList: true, attributes: true })
`

/**
 * An export: a button, or a download link (the runs list's file streamed from the server, shown
 * only once the list is final).
 */
const EXPORTS = 'button, a[download]'

/** When `request` began and ended (epoch ms), from Chromium's own timing. */
function requestSpan(request: Request): { start: number; end: number } {
  const timing = request.timing()
  return { start: timing.startTime, end: timing.startTime + timing.responseEnd }
}

/** What page is timed: its export button's label, and the endpoint that counts it on the server. */
export interface TimedPage {
  exportLabel: string
  endpoint: 'summary' | 'run-rows' | 'run-list' | 'effect'
}

const TOOL_REPORT: TimedPage = { exportLabel: 'Export tool report', endpoint: 'summary' }

/** Waits until `button` is enabled (attributes are observed, no polling of the page's state). */
async function expectEnabled(button: Locator, timeout: number): Promise<void> {
  const handle = await button.elementHandle({ timeout })
  if (handle === null) throw new Error('the export button went away')
  await handle.waitForElementState('enabled', { timeout })
}

/** Waits until the page's load has ended (its export is offered, no progress shown). */
async function settled(page: Page, what: TimedPage, timeout: number): Promise<void> {
  const button = page.locator(EXPORTS).filter({ hasText: `${what.exportLabel} (CSV)` })
  await button.waitFor({ timeout })
  await expectEnabled(button, timeout)
  await page.waitForFunction(() => !document.querySelector('[role="status"] progress'), undefined, {
    timeout,
  })
}

async function timedLoad(
  browser: Browser,
  url: string,
  what: TimedPage,
  fold: boolean,
  capMs: number,
): Promise<ReportLoad> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    timezoneId: 'UTC',
  })
  const page = await context.newPage()
  await page.addInitScript({ content: markExport(what.exportLabel) })
  const spans = new Map<string, { start: number; end: number }>()
  page.on('requestfinished', (request) => {
    const path = new URL(request.url()).pathname
    const name = path.endsWith('/meta')
      ? 'meta'
      : path.endsWith(`/${what.endpoint}`)
        ? 'summary'
        : null
    if (name !== null && !spans.has(name)) spans.set(name, requestSpan(request))
  })
  if (fold) {
    await page.route(`**/${what.endpoint}?*`, (route) =>
      route.fulfill({
        status: 404,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'not_found', message: 'Not offered here.' }),
      }),
    )
  }
  const started = Date.now()
  await page.goto(url)
  const done = await settled(page, what, capMs).then(
    () => true,
    () => false,
  )
  const ms = Date.now() - started
  // The status line that holds the load's progress bar ("N of M runs"), else the first status
  // line (before the first page has come, there is no bar yet).
  const withBar = page.locator('[role="status"]:has(progress)')
  const loadStatus = (
    (await withBar.count()) > 0 ? withBar : page.locator('[role="status"]')
  ).first()
  const progressText = done ? null : await loadStatus.textContent({ timeout: 2000 }).catch(() => '')
  const progress = progressText === null ? null : (progressText ?? '').replace(/\s+/g, ' ')
  const [exportAt, settledAt] = await page.evaluate(() => {
    const marks = window as { __exportShownAt?: number; __settledAt?: number }
    return [marks.__exportShownAt ?? null, marks.__settledAt ?? null]
  })
  await context.close()
  const after = (at: number | undefined | null) =>
    at === undefined || at === null || at <= 0 ? null : Math.round(at - started)
  const phases = {
    metaAnswered: after(spans.get('meta')?.end),
    summaryAsked: after(spans.get('summary')?.start),
    summaryAnswered: after(spans.get('summary')?.end),
    exportShown: after(exportAt),
    settledInPage: done && settledAt !== null ? Math.round(settledAt) : null,
  }
  return { ms, settled: done, progress, phases }
}

/** The page at `url` counted by the server, then folded by the browser (the tool report's). */
export async function toolReportInBrowser(
  browser: Browser,
  url: string,
  capMs: number,
  what: TimedPage = TOOL_REPORT,
): Promise<{ server: ReportLoad; fold: ReportLoad }> {
  const server = await timedLoad(browser, url, what, false, capMs)
  const fold = await timedLoad(browser, url, what, true, capMs)
  return { server, fold }
}

/** The page at `url` as the server's `what.endpoint` answers it, without the fold. */
export async function servedPageInBrowser(
  browser: Browser,
  url: string,
  capMs: number,
  what: TimedPage,
): Promise<ReportLoad> {
  return timedLoad(browser, url, what, false, capMs)
}
