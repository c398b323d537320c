/**
 * The optional pre-aggregated `/summary` (decision 0008), `/run-rows` (decision 0026) and
 * `/effect` (decision 0027) on the built demo: with `demoSummaryEndpoint` the tool report, the
 * runs list and the overview take their figures from the installation's counts and say so; every
 * figure equals the one folded from `/runs` without them.
 */
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { screenshot } from './browser'
import { demoSession } from './demo-session'
import { configHook } from '../fixtures/config-hook'

const LOADED = { timeout: 60_000 } as const
let summaryEndpoint = false
const session = demoSession({
  handle: configHook(() => ({ demoSummaryEndpoint: summaryEndpoint })),
})

/** The page's first table as text, once the load has finished (its export can be clicked). */
async function reportTable(
  path: string,
  endpoint: boolean,
  exportName = 'Export tool report (CSV)',
): Promise<{ page: Page; table: string }> {
  summaryEndpoint = endpoint
  const probe = await session.open(path)
  const { page } = probe
  const exportButton = page.getByRole('button', { name: exportName })
  await exportButton.waitFor(LOADED)
  await expect.poll(() => exportButton.isEnabled(), LOADED).toBe(true)
  expect(probe.consoleErrors).toEqual([])
  return { page, table: await page.locator('table').first().innerText() }
}

describe('the pre-aggregated /summary', () => {
  it.each([
    '/tools?from=2026-09-01&to=2026-11-03&tz=UTC',
    '/tools?from=2026-10-20&to=2026-11-28&tz=Asia/Kathmandu',
    '/tools?from=2026-11-01&to=2026-11-28&tz=America/St_Johns&tool=update_page_metadata&tool=move_content_element',
  ])('gives the same table as folding /runs, and says who counted: %s', async (path) => {
    const folded = await reportTable(path, false)
    expect(await folded.page.getByText(/Counted by the installation/).count()).toBe(0)
    const counted = await reportTable(path, true)
    await expect
      .poll(() => counted.page.getByText(/Counted by the installation/).count(), LOADED)
      .toBe(1)
    expect(counted.table).toBe(folded.table)
    expect(counted.table).toMatch(/\d/)
    await screenshot(counted.page, 'tool-report-server-summary')
  })

  it.each([
    '/runs?from=2026-11-20&to=2026-11-21&tz=UTC&sort=toolCalls&dir=desc',
    '/runs?from=2026-11-01&to=2026-11-03&tz=Asia/Kathmandu&tool=update_page_metadata',
  ])('gives the same runs list as folding /runs, and says who counted: %s', async (path) => {
    const folded = await reportTable(path, false, 'Export runs (CSV)')
    expect(await folded.page.getByText(/Counted by the installation/).count()).toBe(0)
    const counted = await reportTable(path, true, 'Export runs (CSV)')
    await expect
      .poll(() => counted.page.getByText(/Counted by the installation/).count(), LOADED)
      .toBe(1)
    expect(counted.table).toBe(folded.table)
    expect(counted.table).toMatch(/\d/)
  })

  it.each([
    '/?tz=UTC',
    '/?tz=Asia/Kolkata&since=2026-11-10T09:12:33.123Z&window=7&tool=update_page_metadata',
  ])('gives the same overview as folding /runs, and says who counted: %s', async (path) => {
    const folded = await reportTable(path, false, 'Export comparison (CSV)')
    // The effect's figures: key figures, comparison, panels. Not the page's first table: the
    // chart's (loaded on its own) may come before the comparison or after it.
    const figures = (page: Page) =>
      page.locator('.ov-kpis, section.below-fold, .ov-panels').allInnerTexts()
    const foldedFigures = await figures(folded.page)
    expect(await folded.page.getByText(/runs of both windows loaded/).count()).toBe(1)
    const counted = await reportTable(path, true, 'Export comparison (CSV)')
    await expect
      .poll(
        () => counted.page.getByText(/runs of both windows counted by the installation/).count(),
        LOADED,
      )
      .toBe(1)
    expect(await figures(counted.page)).toEqual(foldedFigures)
    expect(foldedFigures.join('\n')).toMatch(/\d/)
    await screenshot(counted.page, 'overview-server-effect')
  })
})
