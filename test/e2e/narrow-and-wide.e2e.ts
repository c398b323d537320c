/**
 * Wide tables, phones and the run picture on the built demo: the comparison fits its
 * column with the tool names sticky, names are wrapped rather than cut at 390 px, no page
 * overflows a phone's width, and a run's round tables line up column by column under a picture
 * of the whole run in time.
 */
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { screenshot } from './browser'
import { demoSession } from './demo-session'

const LOADED = { timeout: 60_000 } as const
const PHONE = { width: 390, height: 844 }
const RANGE = 'from=2026-10-30&to=2026-11-28&tz=UTC'

const session = demoSession()

async function open(path: string, viewport = { width: 1280, height: 800 }): Promise<Page> {
  const probe = await session.open(path, { viewport })
  return probe.page
}

/** Names in `selector` whose text is cut (wider or taller than the box they are shown in). */
const cutNames = (page: Page, selector: string) =>
  page
    .locator(selector)
    .evaluateAll((els) =>
      els
        .filter(
          (el) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1,
        )
        .map((el) => el.textContent),
    )

describe('wide tables', () => {
  it('fits the overview comparison in its column, tool names sticky', async () => {
    const page = await open(`/?${RANGE}`)
    const table = page.locator('table.ov-table')
    await table.locator('tbody th').first().waitFor(LOADED)
    const [width, column] = await table.evaluate((t) => [
      t.scrollWidth,
      t.closest('.table-wrap')?.clientWidth ?? 0,
    ])
    expect(width).toBeLessThanOrEqual(column)
    const first = table.locator('tbody th').first()
    expect(await first.evaluate((th) => getComputedStyle(th).position)).toBe('sticky')
    expect(await cutNames(page, 'table.ov-table tbody th a')).toEqual([])
  })

  it('keeps the tool names in view and whole on a phone', async () => {
    const page = await open(`/?${RANGE}`, PHONE)
    const table = page.locator('table.ov-table')
    await table.locator('tbody th').first().waitFor(LOADED)
    await table.evaluate((t) => t.closest('.table-wrap')?.scrollBy(400, 0))
    const box = await table.locator('tbody th').first().boundingBox()
    const wrap = await table.evaluate((t) => t.closest('.table-wrap')?.getBoundingClientRect().x)
    expect(Math.round(box?.x ?? -1)).toBe(Math.round(wrap ?? -2))
    expect(await cutNames(page, 'table.ov-table tbody th a')).toEqual([])
    await screenshot(page, 'overview-comparison-phone-scrolled')
  })
})

describe('a phone, 390 px wide', () => {
  it.each(['/', '/tools', '/runs', '/checker'])('%s does not overflow the screen', async (path) => {
    const page = await open(`${path}?${RANGE}`, PHONE)
    await page.locator('table').first().waitFor(LOADED)
    const [scroll, client] = await page.evaluate(() => [
      document.documentElement.scrollWidth,
      document.documentElement.clientWidth,
    ])
    expect(scroll).toBeLessThanOrEqual(client)
  })

  it('wraps tool names in the tool report instead of cutting them', async () => {
    const page = await open(`/tools?${RANGE}`, PHONE)
    await page.locator('table tbody th').first().waitFor(LOADED)
    expect(await cutNames(page, 'table tbody th .truncate')).toEqual([])
  })

  it('keeps the start time of each run readable in the runs list', async () => {
    const page = await open(`/runs?${RANGE}`, PHONE)
    const cell = page.locator('table.runs-table tbody th').first()
    await cell.waitFor(LOADED)
    expect(await cutNames(page, 'table.runs-table tbody th')).toEqual([])
    expect(await cell.evaluate((th) => getComputedStyle(th).position)).toBe('sticky')
  })
})

describe('the run page', () => {
  it('lines up every round table and draws the run in time, waits named', async () => {
    const list = await open('/runs?sort=duration&dir=desc&preset=all&tz=UTC')
    const first = list.locator('table.runs-table tbody th a').first()
    await first.waitFor(LOADED)
    const href = (await first.getAttribute('href')) ?? ''
    const page = await open(href)
    const tables = page.locator('table.steps-table')
    await tables.first().waitFor(LOADED)
    const widths = await tables.evaluateAll((ts) =>
      ts.map((t) => [...(t.querySelector('thead tr')?.children ?? [])].map((c) => c.clientWidth)),
    )
    expect(widths.length).toBeGreaterThan(1)
    for (const w of widths) expect(w).toEqual(widths[0])
    const figure = page.getByRole('figure', { name: /The run in time/ })
    await figure.waitFor(LOADED)
    expect(await figure.getByRole('listitem').count()).toBeGreaterThan(1)
    expect(await figure.innerText()).toMatch(/waiting for approval \d+ min/)
    await screenshot(page, 'run-in-time')
  })
})
