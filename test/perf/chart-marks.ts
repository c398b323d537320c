/**
 * Decision 0016, in the browser: for every chart on the built demo's tool report and overview,
 * for a week, 92 days, a year and all recorded data — how many marks it draws and the main-thread
 * tasks it causes, at 1× and 4× CPU (CDP `Emulation.setCPUThrottlingRate`). Goals: a few hundred
 * marks at most; no chart task over 200 ms at 1×. Figures only, nothing asserted:
 * `npm run chart-marks` after `npx vite build --mode demo` (`CHART_DIST=<dir>` measures another
 * build, `CHART_CPU=1` one rate).
 *
 * A mark is one drawn datum: a bar segment (`rect.chart-segment` in the own SVG of decision
 * 0010, `path.recharts-rectangle` in recharts) with calls. Axes, ticks, grid, the HTML legend and
 * the decision marker (`.chart-marker`, counted apart) are not marks. A chart's tasks are the
 * long tasks (≥ 50 ms, the Long Tasks API) during which its figure's DOM changed (a mutation
 * observer stamps the time inside the task that made the change), so loading work that never
 * touches a chart is not counted. Charts draw near the viewport: each is scrolled into view.
 */
import type { BrowserContext, Page } from 'playwright-core'
import { startServer } from '@/server/static/serve'
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
const RATES = (process.env.CHART_CPU ?? '1,4').split(',').map(Number)
const MARKS = 'rect.chart-segment, path.recharts-rectangle'

interface ChartCount {
  caption: string
  marks: number
  svgElements: number
  series: number
  markers: number
  longestTaskMs: number
  chartTaskMs: number
  chartTasks: number
}

declare global {
  interface Window {
    __chartStamps?: { figure: number; t: number }[]
    __longTasks?: { start: number; duration: number }[]
    __chartIndexOf?: (el: Element) => number
  }
}

/** Before any page script: stamps every change inside a chart figure, and every long task. */
function instrument() {
  window.__chartStamps = []
  window.__longTasks = []
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      window.__longTasks?.push({ start: e.startTime, duration: e.duration })
  }).observe({ type: 'longtask', buffered: true })
  const ids = new WeakMap<Element, number>()
  let next = 0
  window.__chartIndexOf = (el) => ids.get(el) ?? -1
  new MutationObserver((records) => {
    const t = performance.now()
    const seen = new Set<number>()
    for (const r of records) {
      const node = r.target instanceof Element ? r.target : r.target.parentElement
      const figure = node?.closest('figure.chart')
      if (!figure) continue
      let i = ids.get(figure)
      if (i === undefined) ids.set(figure, (i = next++))
      if (!seen.has(i)) window.__chartStamps?.push({ figure: i, t })
      seen.add(i)
    }
  }).observe(document, { childList: true, subtree: true, attributes: true })
}

/** Waits until no load is in progress and nothing on the page says it is loading. */
async function waitForLoaded(page: Page) {
  await page.waitForFunction(
    () =>
      document.querySelector('.state--empty, .chart') !== null &&
      document.querySelector('[role="status"] progress, .state--loading, [aria-busy="true"]') ===
        null,
    undefined,
    { timeout: 300_000, polling: 200 },
  )
}

/** Scrolls every chart into view, waits for it to draw and settle, and counts its marks. */
async function countCharts(
  page: Page,
): Promise<
  (Omit<ChartCount, 'longestTaskMs' | 'chartTaskMs' | 'chartTasks'> & { index: number })[]
> {
  const figures = page.locator('figure.chart')
  const n = await figures.count()
  const counts = []
  for (let i = 0; i < n; i++) {
    const figure = figures.nth(i)
    await figure.scrollIntoViewIfNeeded()
    await figure.locator('svg').first().waitFor({ timeout: 60_000 })
    await page.waitForTimeout(1500)
    counts.push(
      await figure.evaluate((el, selector) => {
        const svg = el.querySelector('svg')
        return {
          index: window.__chartIndexOf?.(el) ?? -1,
          caption: el.querySelector('figcaption')?.textContent ?? '',
          marks: [...(svg?.querySelectorAll(selector) ?? [])].filter(
            (m) => Number(m.getAttribute('width')) > 0 && Number(m.getAttribute('height')) > 0,
          ).length,
          svgElements: svg?.querySelectorAll('*').length ?? 0,
          series: el.querySelectorAll('.chart-legend li').length,
          markers: el.querySelectorAll('.chart-marker line').length,
        }
      }, MARKS),
    )
  }
  return counts
}

/** The long tasks during which figure `index` changed: the longest and their sum. */
async function chartTasks(page: Page, index: number) {
  return page.evaluate((i) => {
    const stamps = (window.__chartStamps ?? []).filter((s) => s.figure === i).map((s) => s.t)
    const tasks = (window.__longTasks ?? []).filter((task) =>
      stamps.some((t) => t >= task.start - 1 && t <= task.start + task.duration + 1),
    )
    return {
      longestTaskMs: Math.round(Math.max(0, ...tasks.map((t) => t.duration))),
      chartTaskMs: Math.round(tasks.reduce((n, t) => n + t.duration, 0)),
      chartTasks: tasks.length,
    }
  }, index)
}

const server = await startServer({
  dir: process.env.CHART_DIST ?? requireBuild('dist-demo'),
  csp: true,
})
const browser = await launchBrowser()
const rows: (ChartCount & { page: string; range: string; cpu: number })[] = []
try {
  for (const cpu of RATES) {
    for (const { page: name, path } of PAGES) {
      for (const { range, search } of RANGES) {
        const context: BrowserContext = await browser.newContext({
          viewport: { width: 1350, height: 940 },
          timezoneId: 'UTC',
        })
        await context.addInitScript(instrument)
        const page = await context.newPage()
        if (cpu !== 1) {
          const cdp = await context.newCDPSession(page)
          await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu })
        }
        const url = `${path}?${search}&tz=UTC`
        console.error(`measuring ${url} at ${cpu}x CPU`)
        await page.goto(new URL(url, server.url).toString())
        await waitForLoaded(page)
        for (const { index, ...chart } of await countCharts(page)) {
          rows.push({
            page: name,
            range,
            cpu,
            ...chart,
            ...(await chartTasks(page, index)),
            caption: chart.caption.slice(0, 80),
          })
        }
        await context.close()
      }
    }
  }
} finally {
  await browser.close()
  await server.close()
}
console.table(
  rows.map((r) => ({
    page: r.page,
    range: r.range,
    cpu: `${r.cpu}x`,
    chart: r.caption.replace(/,? \d{4}-\d\d-\d\d to .*?\)/, '').slice(0, 36),
    marks: r.marks,
    series: r.series,
    markers: r.markers,
    svgElements: r.svgElements,
    'longest task ms': r.longestTaskMs,
    'tasks ms': r.chartTaskMs,
    tasks: r.chartTasks,
  })),
)
console.log(`most marks in one chart: ${Math.max(0, ...rows.map((r) => r.marks))}`)
for (const cpu of RATES) {
  const at = rows.filter((r) => r.cpu === cpu)
  console.log(
    `longest chart task at ${cpu}x CPU: ${Math.max(0, ...at.map((r) => r.longestTaskMs))} ms`,
  )
}
console.log(JSON.stringify(rows))
