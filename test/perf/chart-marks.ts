/**
 * Issue 8, in the browser: how many marks each chart draws on the built demo's tool report and
 * overview, for a week, 92 days, a year and all recorded data. Goal: never more than a few
 * hundred (weeks or months for long ranges). Figures only, nothing asserted:
 * `node --import tsx test/perf/chart-marks.ts` after `npx vite build --mode demo`.
 *
 * A mark is one drawn datum: a bar segment (`rect.chart-segment`, one per bucket or tool and
 * outcome with calls) inside the chart's `svg[role=img]`. Axes, tick labels, grid lines, the
 * legend (an HTML list) and the decision marker (`.chart-marker`, counted apart) are not marks;
 * every SVG element is counted as well, for the size of the whole drawing. Charts are drawn once
 * near the viewport, so each is scrolled into view first.
 */
import type { Page } from 'playwright-core'
import { startServer } from '../../src/server/static/serve.mjs'
import { launchBrowser, requireBuild } from '../e2e/browser'

const RANGES = [
  { range: '7 days', search: 'from=2026-11-22&to=2026-11-28' },
  { range: '92 days', search: 'from=2026-08-29&to=2026-11-28' },
  { range: 'year', search: 'from=2025-12-01&to=2026-11-28' },
  { range: 'all data', search: 'preset=all' },
] as const
const PAGES = [
  { page: 'tools', path: '/tools' },
  { page: 'overview', path: '/' },
] as const
const MARKS = 'rect.chart-segment'

interface ChartCount {
  caption: string
  marks: number
  svgElements: number
  series: number
  bucketsDrawn: number
  markers: number
  ticks: number
}

/** Waits until no load is in progress and nothing on the page says it is loading. */
async function waitForLoaded(page: Page) {
  await page.waitForFunction(
    () =>
      document.querySelector('.state--empty, .chart') !== null &&
      document.querySelector('[role="status"] progress, .state--loading, [aria-busy="true"]') ===
        null,
    undefined,
    { timeout: 120_000, polling: 200 },
  )
}

/** Scrolls every chart into view, waits for it to draw, and counts its marks. */
async function countCharts(page: Page): Promise<ChartCount[]> {
  const figures = page.locator('figure.chart')
  const n = await figures.count()
  const counts: ChartCount[] = []
  for (let i = 0; i < n; i++) {
    const figure = figures.nth(i)
    await figure.scrollIntoViewIfNeeded()
    await figure.locator('svg[role="img"]').first().waitFor({ timeout: 30_000 })
    counts.push(
      await figure.evaluate((el, selector) => {
        const svg = el.querySelector('svg[role="img"]')
        // A bar (bucket or tool) is drawn when its group holds at least one segment.
        const groups = new Set(
          [...(svg?.querySelectorAll(selector) ?? [])].map((r) => r.parentNode),
        )
        return {
          caption: el.querySelector('figcaption')?.textContent ?? '',
          marks: svg?.querySelectorAll(selector).length ?? 0,
          svgElements: svg?.querySelectorAll('*').length ?? 0,
          series: el.querySelectorAll('.chart-legend li').length,
          bucketsDrawn: groups.size,
          markers: svg?.querySelectorAll('.chart-marker line').length ?? 0,
          ticks: svg?.querySelectorAll('text').length ?? 0,
        }
      }, MARKS),
    )
  }
  return counts
}

const server = await startServer({
  dir: process.env.CHART_DIST ?? requireBuild('dist-demo'),
  csp: true,
})
const browser = await launchBrowser()
const rows = []
try {
  for (const { page: name, path } of PAGES) {
    for (const { range, search } of RANGES) {
      const context = await browser.newContext({
        viewport: { width: 1350, height: 940 },
        timezoneId: 'UTC',
      })
      const page = await context.newPage()
      const url = `${path}?${search}&tz=UTC`
      console.error(`measuring ${url}`)
      await page.goto(new URL(url, server.url).toString())
      await waitForLoaded(page)
      for (const chart of await countCharts(page)) {
        rows.push({ page: name, range, ...chart, caption: chart.caption.slice(0, 80) })
      }
      await context.close()
    }
  }
} finally {
  await browser.close()
  await server.close()
}
console.table(
  rows.map(({ page, range, caption, marks, series, bucketsDrawn, markers, svgElements }) => ({
    page,
    range,
    chart: caption.replace(/,? \d{4}-\d\d-\d\d to .*?\)/, '').slice(0, 44),
    marks,
    series,
    bucketsDrawn,
    markers,
    svgElements,
  })),
)
console.log(`most marks in one chart: ${Math.max(0, ...rows.map((r) => r.marks))}`)
console.log(JSON.stringify(rows))
