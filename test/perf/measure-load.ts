/**
 * Decisions 0009 and 0011, in the browser: loads the tool report of the demo at ~100,000 runs (demoScale 168) in
 * headless Chromium and prints what a person would feel — long main-thread tasks, the JS heap
 * after the load (the page's and every worker's), how long the load took, and how long
 * switching back to seen filters takes.
 * Figures only: `npm run perf` (needs `npm run build` first). Nothing here is asserted.
 */
import path from 'node:path'
import { startServer } from '@/server/static/serve'
import type { Page } from 'playwright-core'
import { launchBrowser, requireBuild } from '../e2e/browser'
import { apiHook } from '../fixtures/api-server'
import { createInstallation } from '@/mocks/installation'
import { configHook } from '../fixtures/config-hook'
import { workerHeaps } from './worker-heaps'

const SCALE = Number(process.env.DEMO_SCALE ?? 168)
// `demo`: the demo build, its mock generating pages in the page (what `npm start` shows).
// `api`: the production build against the same installation answered from Node, so the figures
// are the dashboard's own work, as against a real installation.
const MODE = process.argv[2] === 'api' ? 'api' : 'demo'
// `api warm`: the server keeps its answers and the tool report is loaded once before the
// measured load, which then costs the server no generating: the two cores are the dashboard's,
// as with a real installation on another machine (its pages cost this machine nothing).
const WARM = MODE === 'api' && process.argv[3] === 'warm'
const answers = WARM ? new Map<string, { status: number; body: string }>() : undefined
const server =
  MODE === 'api'
    ? await startServer({
        dir: requireBuild('dist'),
        handle: apiHook({
          installation: (() => {
            const installation = createInstallation({ scale: SCALE })
            return () => installation
          })(),
          cache: answers,
        }),
      })
    : await startServer({
        dir: requireBuild('dist-demo'),
        handle: configHook(() => ({ apiBaseUrl: '/api/diagnostics/v1', demoScale: SCALE })),
      })
const browser = await launchBrowser()
const all = '/tools?preset=all&tz=UTC'

/** Waits until the tool report's load has ended (its export is offered, no progress shown). */
async function loadEnded(on: Page): Promise<void> {
  await on.getByRole('button', { name: 'Export tool report (CSV)' }).waitFor({ timeout: 600_000 })
  await on.waitForFunction(() => !document.querySelector('[role="status"] progress'), undefined, {
    timeout: 600_000,
  })
}

if (WARM) {
  const warmUp = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    timezoneId: 'UTC',
  })
  const first = await warmUp.newPage()
  await first.goto(new URL(all, server.url).toString())
  await loadEnded(first)
  await warmUp.close()
}
const keptAnswers = answers?.size ?? 0
const context = await browser.newContext({
  viewport: { width: 1280, height: 900 },
  timezoneId: 'UTC',
})
const page = await context.newPage()
await page.addInitScript(() => {
  const w = window as unknown as { __long: { start: number; duration: number }[] }
  w.__long = []
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) w.__long.push({ start: e.startTime, duration: e.duration })
  }).observe({ type: 'longtask', buffered: true })
})

/**
 * Types "update" into the open tool picker's search a letter at a time and returns, per letter,
 * the ms until the list shows only matching tools (what "typing stays immediate" means).
 */
async function typeToolSearch(): Promise<number[]> {
  const box = page.getByRole('searchbox', { name: 'Search tools' })
  const times: number[] = []
  for (const text of ['u', 'up', 'upd', 'upda', 'updat', 'update']) {
    const start = Date.now()
    await box.fill(text)
    await page.waitForFunction(
      (typed) =>
        [...document.querySelectorAll('.tool-picker__panel label')].every((l) =>
          (l.getAttribute('title') ?? '').includes(typed),
        ),
      text,
      { timeout: 60_000 },
    )
    times.push(Date.now() - start)
    await page.waitForTimeout(300)
  }
  return times
}

const t0 = Date.now()
await page.goto(new URL(all, server.url).toString())

// While the load runs: type into the tool picker's search and time each keystroke until the
// list shows the narrowed result (what "typing stays immediate" means to a person).
await page.getByRole('button', { name: /^Tools:/ }).click()
const search = page.getByRole('searchbox', { name: 'Search tools' })
await search.waitFor({ timeout: 600_000 })
const typingMs = await typeToolSearch()
const stillLoading = await page.locator('[role="status"] progress').count()
await search.fill('')
await page.keyboard.press('Escape')
await loadEnded(page)
const loadMs = Date.now() - t0
// Answers the measured load had to have generated (none when the warm-up asked the same URLs).
const generatedDuringLoad = WARM ? (answers?.size ?? 0) - keptAnswers : null
const client = await context.newCDPSession(page)
await client.send('HeapProfiler.collectGarbage')
const heap = await page.evaluate(
  () =>
    (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ??
    NaN,
)
// The load worker fetches, parses and folds in its own heap: measured too, so a worker that kept
// the raw runs would show here (the page's performance.memory does not see it).
const workers = await workerHeaps(browser)
const workerHeap = workers.reduce((sum, w) => sum + w.usedBytes, 0)
const long = await page.evaluate(
  () => (window as unknown as { __long: { start: number; duration: number }[] }).__long,
)

// The same typing once nothing loads, for comparison (Playwright's round trips included).
await page.getByRole('button', { name: /^Tools:/ }).click()
const idleTypingMs = await typeToolSearch()
await search.fill('')
await page.keyboard.press('Escape')

// Switch to other filters and back: the summary of `all` is cached by its filters. Timed in the
// page, from history.back() to the report naming the first range again (and to the frame after
// it), with the API requests made meanwhile counted: Playwright's round trips are not in it.
const firstCaption = (await page.locator('caption').first().textContent()) ?? ''
await page.getByRole('button', { name: 'Last 7 days' }).click()
await loadEnded(page)
let requestsDuringBack = 0
page.on('request', (r) => {
  if (r.url().includes('/api/')) requestsDuringBack++
})
// A string, so the bundler's helpers never reach the page.
const back = (await page.evaluate(`(async () => {
  const wanted = ${JSON.stringify(firstCaption)}
  const start = performance.now()
  history.back()
  await new Promise((resolve) => {
    const check = () => {
      const shown = [...document.querySelectorAll('caption')].some((c) => c.textContent === wanted)
      if (shown) resolve()
      else requestAnimationFrame(check)
    }
    check()
  })
  const rendered = performance.now() - start
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))
  return { rendered, painted: performance.now() - start }
})()`)) as { rendered: number; painted: number }

const over50 = long.filter((t) => t.duration > 50)
const rows = {
  mode: WARM ? 'api, warm server' : MODE,
  scale: SCALE,
  ...(WARM
    ? { answersKeptBeforeLoad: keptAnswers, answersGeneratedDuringLoad: generatedDuringLoad }
    : {}),
  loadSeconds: +(loadMs / 1000).toFixed(1),
  heapAfterLoadMB: +(heap / 1e6).toFixed(1),
  workerHeapsAfterLoadMB: workers
    .map((w) => `${w.type} ${path.basename(w.url)} ${(w.usedBytes / 1e6).toFixed(1)}`)
    .join('; '),
  pageAndWorkersHeapMB: +((heap + workerHeap) / 1e6).toFixed(1),
  longTasks: long.length,
  longTasksOver50ms: over50.length,
  longestTaskMs: Math.round(Math.max(0, ...long.map((t) => t.duration))),
  switchBackToSeenFiltersMs: Math.round(back.rendered),
  switchBackPaintedMs: Math.round(back.painted),
  requestsWhileSwitchingBack: requestsDuringBack,
  typingWhileLoadingMedianMs: typingMs.sort((a, b) => a - b)[Math.floor(typingMs.length / 2)],
  typingWhileLoadingMaxMs: Math.max(...typingMs),
  typedBeforeLoadEnded: stillLoading > 0,
  typingIdleMedianMs: idleTypingMs.sort((a, b) => a - b)[Math.floor(idleTypingMs.length / 2)],
  longTasksMs: long
    .map((t) => `${Math.round(t.duration)}@${(t.start / 1000).toFixed(1)}s`)
    .join(' '),
}
console.table(rows)
console.log(JSON.stringify(rows))
await browser.close()
await server.close()
