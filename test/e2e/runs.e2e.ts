/**
 * The runs list and one run's timeline on the built demo, used as a person would: from the tool
 * table's "Refused: arguments" count to exactly the runs behind it, into one run's refused round
 * and its re-sent call, Esc back to the same list; an unknown run; scrolling a list of thousands
 * of runs; axe-clean on both pages.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startServer, type RunningServer } from '@/server/static/serve'
import { axeBothSchemes, axeViolations } from './axe'
import { launchBrowser, openPage, requireBuild, screenshot, type ProbedPage } from './browser'
import { configHook } from '../fixtures/config-hook'

const AFTER_DECISION = '/tools?from=2026-11-05&to=2026-11-28&tz=UTC'
const LOADED = { timeout: 60_000 } as const
/**
 * The demo at 17 times its volume: about 10,500 runs (`config.json`'s `demoScale`), a hundred
 * times what a screen shows. `RUNS_SCROLL_SCALE=168` scrolls about 104,000, as `npm run perf`
 * loads them (a minute more on two cores).
 */
const SCROLL_SCALE = Number(process.env.RUNS_SCROLL_SCALE ?? 17)
const DIR = process.env.RUNS_E2E_DIR ?? requireBuild('dist-demo')

let browser: Browser
let server: RunningServer
let scaled: RunningServer
const opened: ProbedPage[] = []

beforeAll(async () => {
  server = await startServer({ dir: DIR })
  scaled = await startServer({
    dir: DIR,
    handle: configHook(() => ({ apiBaseUrl: '/api/diagnostics/v1', demoScale: SCROLL_SCALE })),
  })
  browser = await launchBrowser()
})
afterEach(async () => {
  await Promise.all(opened.splice(0).map((p) => p.close()))
})
afterAll(async () => {
  await browser.close()
  await server.close()
  await scaled.close()
})

async function open(url: string): Promise<ProbedPage> {
  const probe = await openPage(browser, url, { viewport: { width: 1400, height: 900 } })
  opened.push(probe)
  return probe
}

const int = (text: string | null | undefined) => Number((text ?? '').replace(/[^\d]/g, ''))

/** Waits until every run of the list is loaded (the export is only offered then). */
async function listLoaded(page: Page, timeout: number = LOADED.timeout): Promise<void> {
  await expect
    .poll(
      () =>
        page
          .getByRole('button', { name: 'Export runs (CSV)' })
          .isEnabled()
          .catch(() => false),
      { timeout, interval: 500 },
    )
    .toBe(true)
}

describe('runs and run timelines on the demo installation', () => {
  it('goes from a refused-arguments count to its runs and into a refused round and its re-sent call', async () => {
    const { page, consoleErrors, pageErrors } = await open(
      `${server.url}${AFTER_DECISION.slice(1)}`,
    )
    const count = page.getByRole('link', {
      name: /calls refused for arguments of update_page_metadata: show the runs$/,
    })
    await count.waitFor(LOADED)
    const calls = int(await count.innerText())
    expect(calls).toBeGreaterThan(0)
    await count.click()

    await page.waitForURL(/\/runs\?/)
    const url = new URL(page.url())
    expect(url.searchParams.get('outcome')).toBe('refused-arguments')
    expect(url.searchParams.getAll('tool')).toEqual(['update_page_metadata'])
    await listLoaded(page)
    const headline = await page.locator('.runs-headline strong').innerText()
    const match =
      /^([\d,]+) runs? holding ([\d,]+) calls? of update_page_metadata refused for arguments$/.exec(
        headline,
      )
    expect(match, headline).not.toBeNull()
    expect(int(match?.[2])).toBe(calls)
    const runs = int(match?.[1])
    expect(Number(await page.locator('table.runs-table').getAttribute('aria-rowcount'))).toBe(
      runs + 1,
    )
    await screenshot(page, 'runs-refused-arguments')
    expect(await axeViolations(page)).toEqual([])

    // Open runs until one shows update_page_metadata refused and re-sent (a few runs end first).
    let resentFound = false
    for (let i = 0; i < Math.min(runs, 6) && !resentFound; i++) {
      await page.locator('table.runs-table tbody th a').nth(i).click()
      await page.getByRole('heading', { level: 2, name: /^Round 1\b/ }).waitFor(LOADED)
      expect(await page.getByText('keeps run metadata only', { exact: false }).count()).toBe(1)
      expect(await page.locator('.run-header__badge').innerText()).toMatch(
        /^Ran after the decision date/,
      )
      const note = page
        .getByRole('note', { name: 'Refused turn' })
        .filter({ hasText: 'Refused: update_page_metadata' })
        .first()
      await note.waitFor(LOADED)
      expect(await note.innerText()).toContain('refused: arguments')
      const resent = note
        .getByRole('link', { name: /^update_page_metadata re-sent as step \d+$/ })
        .first()
      if ((await resent.count()) > 0) {
        resentFound = true
        const step = int(await resent.innerText())
        await resent.click()
        const row = page.locator(`#step-${step}`)
        await expect
          .poll(() => page.evaluate(() => document.activeElement?.id))
          .toBe(`step-${step}`)
        expect(await row.innerText()).toContain('update_page_metadata')
        const heading = row.locator('xpath=ancestor::section[1]').locator('h2')
        const refusedRound = int(
          await note
            .locator('xpath=ancestor::section[1]')
            .locator('h2')
            .innerText()
            .then((t) => t.split('—')[0]),
        )
        expect(int((await heading.innerText()).split('—')[0])).toBeGreaterThan(refusedRound)
        await screenshot(page, 'run-timeline-refused-round')
        await page.keyboard.press('j')
        expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('H2')
        expect(await axeViolations(page)).toEqual([])
      }
      await page.keyboard.press('Escape')
      await page.waitForURL(/\/runs\?/)
      expect(new URL(page.url()).searchParams.get('outcome')).toBe('refused-arguments')
      await listLoaded(page)
    }
    expect(resentFound).toBe(true)
    expect(consoleErrors).toEqual([])
    expect(pageErrors).toEqual([])
  })

  it('explains an unknown run with the retention days and a way back, also on reload', async () => {
    const { page } = await open(`${server.url}runs/00000000-0000-0000-0000-000000000000?tz=UTC`)
    await page
      .getByText('This run does not exist or was removed by the retention policy.')
      .waitFor(LOADED)
    await page.getByText(/keeps runs for \d+ days?\./).waitFor(LOADED)
    await page.reload()
    await page.getByRole('link', { name: 'Back to the runs list' }).waitFor(LOADED)
    expect(await axeViolations(page)).toEqual([])
    await page.getByRole('link', { name: 'Back to the runs list' }).click()
    await page.getByRole('heading', { level: 1, name: 'Runs' }).waitFor(LOADED)
  })

  it('has no axe violations on the runs list in light and dark mode', async () => {
    const { page } = await open(`${server.url}runs?from=2026-11-20&to=2026-11-28&tz=UTC`)
    await listLoaded(page)
    const found = await axeBothSchemes(page, (scheme) => screenshot(page, `runs-${scheme}`))
    expect(found).toEqual({ light: [], dark: [] })
  })

  it(`loads and scrolls every run (demo scale ${SCROLL_SCALE}) with only the rows in view rendered`, async () => {
    const started = Date.now()
    const { page, pageErrors } = await open(`${scaled.url}runs?preset=all&tz=UTC`)
    await listLoaded(page, 300_000)
    const total = Number(await page.locator('table.runs-table').getAttribute('aria-rowcount')) - 1
    console.info(
      `[runs e2e] loaded ${total} runs in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    )
    expect(total).toBeGreaterThan(SCROLL_SCALE * 500)
    // 300 frames of half-a-screen scrolling (as a wheel does), then 100 jumps to the end.
    const result = await page.evaluate(async () => {
      const box = document.querySelector<HTMLElement>('.runs-table__scroll')
      if (!box) throw new Error('no scroll box')
      const smooth: number[] = []
      const jumps: number[] = []
      let last = performance.now()
      let maxRows = 0
      await new Promise<void>((resolve) => {
        const jump = box.scrollHeight / 100
        const step = () => {
          const now = performance.now()
          ;(smooth.length < 300 ? smooth : jumps).push(now - last)
          last = now
          maxRows = Math.max(maxRows, box.querySelectorAll('tbody tr[aria-rowindex]').length)
          box.scrollTop += smooth.length < 300 ? box.clientHeight / 2 : jump
          if (box.scrollTop + box.clientHeight >= box.scrollHeight - 1) setTimeout(resolve, 200)
          else requestAnimationFrame(step)
        }
        requestAnimationFrame(step)
      })
      const stats = (frames: number[]) => {
        const sorted = [...frames].sort((x, y) => x - y)
        const at = (q: number) => sorted[Math.floor(sorted.length * q)] ?? 0
        return `${sorted.length} frames, p50 ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms`
      }
      const indexes = [...box.querySelectorAll('tbody tr[aria-rowindex]')].map((r) =>
        Number(r.getAttribute('aria-rowindex')),
      )
      return {
        smooth: stats(smooth),
        jumps: stats(jumps),
        maxRows,
        lastIndex: Math.max(...indexes),
      }
    })
    console.info(
      `[runs e2e] scrolling: ${result.smooth} (half a screen per frame); ${result.jumps} (jumps of 1 % of the list); at most ${result.maxRows} rows in the DOM`,
    )
    expect(result.lastIndex).toBe(total + 1)
    expect(result.maxRows).toBeLessThan(100)
    await screenshot(page, 'runs-scrolled-to-end')
    const sortStarted = Date.now()
    const header = page.getByRole('columnheader', { name: /Tool calls/ })
    await header.getByRole('button').click()
    await expect.poll(() => header.getAttribute('aria-sort')).toBe('descending')
    console.info(`[runs e2e] sorted ${total} runs by tool calls in ${Date.now() - sortStarted} ms`)
    expect(pageErrors).toEqual([])
  }, 420_000)
})
