/**
 * The runs list served by the installation (`GET /run-list`, decision 0028) on the built demo
 * with `demoSummaryEndpoint`: the table shows the server's page, the same rows the folded list
 * shows first; a header sorts on the server; the pager moves through the list and Back from a
 * run returns to the same page with that run's link focused; the CSV is the whole list, equal
 * to the folded list's export of the same filters.
 */
import { readFile } from 'node:fs/promises'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { screenshot } from './browser'
import { demoSession } from './demo-session'
import { configHook } from '../fixtures/config-hook'

const LOADED = { timeout: 60_000 } as const
const LIST = '/runs?from=2026-09-01&to=2026-11-28&tz=UTC'
let summaryEndpoint = false
const session = demoSession({
  handle: configHook(() => ({ demoSummaryEndpoint: summaryEndpoint })),
})

/** The demo opened at `path`, with or without the optional endpoints. */
async function open(path: string, endpoint: boolean) {
  summaryEndpoint = endpoint
  return session.open(path, { viewport: { width: 1400, height: 900 } })
}

/** Waits for the served list's answer to the current URL (nothing marked as updating). */
async function served(page: Page): Promise<void> {
  await page.getByText(/^Runs [\d,]+–[\d,]+ of [\d,]+$/).waitFor(LOADED)
  await expect
    .poll(() => page.locator('.runs-served').getAttribute('aria-busy'), LOADED)
    .toBe('false')
}

/** The folded list of the demo without the endpoints, once every run is loaded. */
async function folded(path: string): Promise<Page> {
  const { page, consoleErrors } = await open(path, false)
  const exportButton = page.getByRole('button', { name: 'Export runs (CSV)' })
  await exportButton.waitFor(LOADED)
  await expect.poll(() => exportButton.isEnabled(), LOADED).toBe(true)
  expect(await page.locator('.runs-pager').count()).toBe(0)
  expect(consoleErrors).toEqual([])
  return page
}

/** The text of the file the export control of `page` downloads. */
async function exported(page: Page, control: 'button' | 'link'): Promise<string> {
  const [file] = await Promise.all([
    page.waitForEvent('download', LOADED),
    page.getByRole(control, { name: 'Export runs (CSV)' }).click(),
  ])
  return readFile((await file.path()) ?? '', 'utf8')
}

const table = (page: Page) => page.locator('table.runs-table').innerText()

describe('the runs list served by the installation', () => {
  it('shows the server’s page, sorts on the server, pages, and comes back to the page of a run', async () => {
    const probe = await open(LIST, true)
    const { page } = probe
    await served(page)
    expect(await page.getByText(/^Runs 1–100 of /).count()).toBe(1)
    await page.getByText(/^Counted by the installation from its run records/).waitFor(LOADED)
    const total = Number(await page.locator('table.runs-table').getAttribute('aria-rowcount')) - 1
    expect(total).toBeGreaterThan(300)
    expect(await page.getByText(`Page 1 of ${Math.ceil(total / 100)}`).count()).toBe(1)
    // The rows in view are the folded list's first ones, cell for cell.
    expect(await table(page)).toBe(await table(await folded(LIST)))

    const rounds = page.getByRole('columnheader', { name: /Rounds/ })
    await rounds.getByRole('button').click()
    await page.waitForURL(/sort=rounds/)
    await served(page)
    expect(await rounds.getAttribute('aria-sort')).toBe('descending')
    const sorted = `${LIST}&sort=rounds&dir=desc`
    expect(await table(page)).toBe(await table(await folded(sorted)))

    const next = page.getByRole('button', { name: 'Next' })
    await next.focus()
    await page.keyboard.press('Enter')
    await page.waitForURL(/page=2/)
    await served(page)
    expect(await page.getByText(`Runs 101–200 of ${total.toLocaleString('en-US')}`).count()).toBe(1)
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Next')
    const link = page.locator('table.runs-table tbody th a').nth(2)
    const title = await link.getAttribute('title')
    const rowIndex = await link.locator('xpath=ancestor::tr[1]').getAttribute('aria-rowindex')
    expect(Number(rowIndex)).toBe(100 + 3 + 1)
    await screenshot(page, 'run-list-served')
    await link.click()
    await page.getByRole('heading', { level: 2, name: /^Round 1\b/ }).waitFor(LOADED)
    await page.goBack()
    await page.waitForURL(/\/runs\?.*page=2/)
    await served(page)
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('title')), LOADED)
      .toBe(title)
    expect(new URL(page.url()).searchParams.get('sort')).toBe('rounds')
    expect(probe.consoleErrors).toEqual([])
    expect(probe.pageErrors).toEqual([])
  })

  it('exports the whole list from the server, equal to the folded list’s file', async () => {
    const path = `${LIST}&sort=toolCalls&dir=desc&outcome=clean`
    const probe = await open(path, true)
    await served(probe.page)
    const headline = await probe.page.locator('.runs-headline strong').innerText()
    const file = await exported(probe.page, 'button')
    const reference = await exported(await folded(path), 'button')
    expect(file).toBe(reference)
    // Every listed run, not just the page shown: the header and one line per run.
    const runs = Number(/^([\d,]+) runs? /.exec(headline)?.[1]?.replace(/,/g, ''))
    expect(runs).toBeGreaterThan(100)
    expect(file.split('\r\n').filter((line) => line !== '').length).toBe(runs + 1)
    expect(file.startsWith('\uFEFFrun_uuid,')).toBe(true)
    expect(probe.consoleErrors).toEqual([])
  })
})
