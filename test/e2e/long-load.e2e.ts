/**
 * A long load shows its progress on every page that loads — N of M and a bar
 * while the figures redraw behind it, partial figures marked as such, and a Resume that shows
 * the load going on at once. The demo at demoScale 40 (~25,000 runs), its main thread slowed
 * four-fold as on a busy laptop, where a report's redraw takes longer than the loader's pace.
 */
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { configHook } from '../fixtures/config-hook'
import { screenshot } from './browser'
import { demoSession } from './demo-session'

const LONG = { timeout: 120_000 } as const
const session = demoSession({
  handle: configHook(() => ({ apiBaseUrl: '/api/diagnostics/v1', demoScale: 40 })),
})

/** The value of the load's progress bar once it has counted some runs. */
async function progressPastZero(page: Page): Promise<number> {
  const handle = await page.waitForFunction(
    () => {
      const bar = document.querySelector<HTMLProgressElement>('[role="status"] progress')
      return bar !== null && bar.value > 0 ? bar.value : null
    },
    undefined,
    { ...LONG, polling: 100 },
  )
  return Number(await handle.jsonValue())
}

describe.each([
  ['tool report', '/tools?preset=all&tz=UTC'],
  ['runs list', '/runs?preset=all&tz=UTC'],
])('a long load on the %s', (name, path) => {
  it('shows N of M with a bar, says the figures are partial, and resumes visibly', async () => {
    const probe = await session.open(path)
    const { page } = probe
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
    await progressPastZero(page)
    const status = page.getByRole('status').filter({ has: page.locator('progress') })
    await expect.poll(() => status.innerText(), LONG).toMatch(/[\d,]+ of [\d,]+/)
    await expect.poll(() => status.innerText(), LONG).toMatch(/loaded so far \(partial\)/)
    await screenshot(page, `long-load-${name}-loading`)

    await page.getByRole('button', { name: 'Cancel' }).first().click(LONG)
    const resume = page.getByRole('button', { name: 'Resume' }).first()
    await resume.waitFor(LONG)
    await expect.poll(() => page.getByText(/Loading was cancelled/).count(), LONG).toBe(1)
    const stoppedAt = Number(await page.locator('.state--partial').innerText().then(countOf))
    await resume.click(LONG)
    // Loading goes on from where it stopped, and the banner says so: a bar past that count.
    const after = await progressPastZero(page)
    expect(after).toBeGreaterThanOrEqual(stoppedAt)
    expect(await page.getByText(/Loading was cancelled/).count()).toBe(0)
    await screenshot(page, `long-load-${name}-resumed`)
    expect(probe.pageErrors).toEqual([])
    expect(probe.consoleErrors).toEqual([])
  }, 240_000)
})

/** The first count in a banner's text ("Incomplete: 4,500 of 24,993 runs" → 4500). */
function countOf(text: string): number {
  return Number(/([\d,]+)/.exec(text)?.[1]?.replace(/,/g, '') ?? NaN)
}
