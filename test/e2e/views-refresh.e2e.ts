/**
 * Saved views and a run's automatic refresh on the built demo, as a person uses them: a view of
 * the tool report survives a reload and opens the same filters again; on a run that is still
 * going, "Refresh every 5 s" asks the API again and says when.
 */
import { describe, expect, it } from 'vitest'
import { axeViolations } from './axe'
import { screenshot, type ProbedPage } from './browser'
import { demoSession } from './demo-session'

const WAIT = { timeout: 60_000 } as const
const TOOLS = '/tools?preset=7d&tz=Asia%2FTokyo&sort=failed&dir=desc'

const session = demoSession({ csp: true })

async function open(path: string, width = 1280): Promise<ProbedPage> {
  const probe = await session.open(path, { viewport: { width, height: 800 } })
  return probe
}

describe('saved views', () => {
  it('saves the tool report’s filters, and opens them again after a reload', async () => {
    const probe = await open(TOOLS)
    const { page } = probe
    await page.getByRole('button', { name: 'Save view' }).click(WAIT)
    await page.getByRole('textbox', { name: 'Name of the view' }).fill('Tokyo week, failures first')
    await page.keyboard.press('Enter')
    await page.getByText('Saved the view “Tokyo week, failures first”.').waitFor(WAIT)

    // Elsewhere, with other filters, after a reload: the view is still there and opens them.
    await page.goto(new URL('/runs?preset=30d&tz=UTC', session.url).toString())
    await page.reload()
    await page.getByRole('heading', { level: 1, name: 'Runs', exact: true }).waitFor(WAIT)
    await page.getByRole('button', { name: 'Views (1)' }).click(WAIT)
    await screenshot(page, 'views-list')
    await page.getByRole('link', { name: 'Tokyo week, failures first' }).click()
    await page.getByRole('heading', { level: 1, name: 'Tools', exact: true }).waitFor(WAIT)
    const url = new URL(page.url())
    expect(url.pathname).toBe('/tools')
    expect(Object.fromEntries(url.searchParams)).toEqual({
      preset: '7d',
      tz: 'Asia/Tokyo',
      sort: 'failed',
      dir: 'desc',
    })
    await expect
      .poll(() => page.getByRole('main').getByText('Asia/Tokyo').first().isVisible(), WAIT)
      .toBe(true)
    expect(
      await page.getByRole('button', { name: 'Last 7 days' }).getAttribute('aria-pressed'),
    ).toBe('true')
    expect(probe.pageErrors).toEqual([])
    expect(probe.cspViolations).toEqual([])
  }, 120_000)

  it('fits a phone and passes axe with the list and a rename open', async () => {
    const { page } = await open('/runs?preset=30d&tz=UTC', 390)
    for (const name of ['Last month of runs', 'A second view with a rather long name to wrap']) {
      await page.getByRole('button', { name: 'Save view' }).click(WAIT)
      await page.getByRole('textbox', { name: 'Name of the view' }).fill(name)
      await page.keyboard.press('Enter')
      await page.getByText(`Saved the view “${name}”.`).waitFor(WAIT)
    }
    await page.getByRole('button', { name: 'Views (2)' }).click()
    await page.getByRole('button', { name: 'Rename “Last month of runs”' }).click()
    await page.getByRole('textbox', { name: 'New name for “Last month of runs”' }).waitFor(WAIT)
    await page
      .locator('.state--loading')
      .first()
      .waitFor({ state: 'detached', ...WAIT })
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    expect(await axeViolations(page)).toEqual([])
  }, 120_000)
})

describe('automatic refresh of a run', () => {
  it('asks for a running run again every 5 s once turned on, and says when', async () => {
    const probe = await open('/runs?preset=all&tz=UTC&status=running')
    const { page } = probe
    await page
      .getByRole('link', { name: /^2026-/ })
      .first()
      .click(WAIT)
    const toggle = page.getByRole('checkbox', { name: /^Refresh every/ })
    await toggle.waitFor(WAIT)
    expect(await toggle.isChecked()).toBe(false)
    await page.getByText('Not finished (running)').waitFor(WAIT)
    const group = page.getByRole('group', { name: 'Automatic refresh' })
    // The demo answers inside the page (no request event): the answer's time is the evidence.
    const updated = await group.locator('time').innerText()

    await page.getByRole('combobox', { name: 'Seconds between refreshes' }).selectOption('5')
    await toggle.focus()
    await page.keyboard.press('Space')
    expect(await toggle.isChecked()).toBe(true)
    await expect
      .poll(() => group.locator('time').innerText(), { timeout: 30_000 })
      .not.toBe(updated)
    expect(await toggle.evaluate((el) => el === document.activeElement)).toBe(true)
    await screenshot(page, 'views-run-refresh')
    expect(await axeViolations(page)).toEqual([])
    // The demo's run never finishes: the toggle is still on, the address unchanged.
    expect(new URL(page.url()).search).not.toMatch(/refresh/i)
    expect(probe.pageErrors).toEqual([])
    expect(probe.cspViolations).toEqual([])
  }, 120_000)
})
