/**
 * Decision 0020, in the browser: the run page on the built demo's two unlisted runs of 300,000 steps
 * (`src/mocks/variants/huge-runs.ts`: 100,000 rounds of 3 steps, and one round of 300,000) —
 * time until the first round is on screen, the longest main-thread task (Long Tasks API), the
 * DOM's element count, and the longest task while scrolling to the end of the page. Figures
 * only, nothing asserted: `npm run huge-run` after `npx vite build --mode demo`
 * (`HUGE_DIST=<dir>` measures another build, `HUGE_CPU=4` a throttled CPU).
 */
import type { Page } from 'playwright-core'
import { startServer } from '@/server/static/serve'
import { HUGE_RUN_UUIDS } from '@/mocks/variants/huge-runs'
import { launchBrowser, requireBuild } from '../e2e/browser'

const TIMEOUT_MS = Number(process.env.HUGE_TIMEOUT_MS ?? 180_000)
const CPU = Number(process.env.HUGE_CPU ?? 1)

declare global {
  interface Window {
    __longTasks?: { start: number; duration: number }[]
    __firstRoundMs?: number
  }
}

/** Before any page script: records every long task and when the first round heading appears. */
function instrument() {
  window.__longTasks = []
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      window.__longTasks?.push({ start: e.startTime, duration: e.duration })
  }).observe({ type: 'longtask', buffered: true })
  const observer = new MutationObserver(() => {
    if (document.querySelector('[data-round-heading]') === null) return
    window.__firstRoundMs = performance.now()
    observer.disconnect()
  })
  observer.observe(document, { childList: true, subtree: true })
}

const longest = (page: Page, since: number) =>
  page.evaluate(
    (t) =>
      Math.round(
        Math.max(
          0,
          ...(window.__longTasks ?? []).filter((x) => x.start >= t).map((x) => x.duration),
        ),
      ),
    since,
  )

const server = await startServer({
  dir: process.env.HUGE_DIST ?? requireBuild('dist-demo'),
  csp: true,
})
const browser = await launchBrowser()
const rows = []
try {
  for (const [shape, uuid] of Object.entries(HUGE_RUN_UUIDS)) {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      timezoneId: 'UTC',
    })
    await context.addInitScript(instrument)
    const page = await context.newPage()
    if (CPU !== 1) {
      const cdp = await context.newCDPSession(page)
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU })
    }
    console.error(`measuring ${shape} (${uuid})`)
    await page.goto(new URL(`/runs/${uuid}?tz=UTC`, server.url).toString())
    let shown = true
    try {
      await page.waitForFunction(() => window.__firstRoundMs !== undefined, undefined, {
        timeout: TIMEOUT_MS,
        polling: 250,
      })
      await page.waitForTimeout(2000)
    } catch {
      shown = false
    }
    // A frozen tab answers nothing: then there are no figures to read, only the time-out.
    const figures = shown
      ? await page.evaluate(() => ({
          firstRoundMs: Math.round(window.__firstRoundMs ?? -1),
          elements: document.getElementsByTagName('*').length,
          stepRows: document.querySelectorAll('.steps-table tbody tr').length,
          roundSections: document.querySelectorAll('[data-round-heading]').length,
          svgRects: document.querySelectorAll('.run-bars rect').length,
          loadTaskMs: Math.round(Math.max(0, ...(window.__longTasks ?? []).map((x) => x.duration))),
          now: performance.now(),
        }))
      : null
    let scrollTaskMs: number | string = '–'
    if (figures) {
      // The rounds' own scroll box when the run is windowed, else the page.
      for (const part of [1, 0.5]) {
        await page.evaluate((at) => {
          const box = document.querySelector('.windowed-rounds__scroll') ?? document.documentElement
          box.scrollTop = box.scrollHeight * at
        }, part)
        await page.waitForTimeout(1500)
      }
      scrollTaskMs = await longest(page, figures.now)
    }
    const row = {
      shape,
      'first round ms': figures ? figures.firstRoundMs : `> ${TIMEOUT_MS} (timed out)`,
      'longest task ms': figures?.loadTaskMs ?? '–',
      'DOM elements': figures?.elements ?? '–',
      'step rows': figures?.stepRows ?? '–',
      'round headings': figures?.roundSections ?? '–',
      'overview rects': figures?.svgRects ?? '–',
      'longest scroll task ms': scrollTaskMs,
    }
    rows.push(row)
    // Each row as soon as it is measured: closing a frozen tab may itself hang.
    console.error(JSON.stringify(row))
    await Promise.race([context.close(), new Promise((done) => setTimeout(done, 10_000))])
  }
} finally {
  await browser.close()
  await server.close()
}
console.table(rows)
console.log(`CPU ${CPU}x, Chromium headless, viewport 1280×900`)
