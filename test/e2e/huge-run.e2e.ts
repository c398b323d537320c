/**
 * Decision 0020 on the built demo: the two unlisted runs of 300,000 steps (100,000 rounds of three,
 * and one round of all of them) open, say that only part of them is in the page, keep the DOM
 * small, and reach a far round and a far step — by keys, the time bars' round links, the jump
 * fields and the round's pager. Timings are printed by `npm run huge-run`, not asserted here.
 */
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { HUGE_RUN_UUIDS } from '@/mocks/variants/huge-runs'
import { axeViolations } from './axe'
import { screenshot } from './browser'
import { demoSession } from './demo-session'

const LOADED = { timeout: 120_000 } as const
/** Far fewer elements than one per step: the page of a small run holds a few thousand. */
const BOUNDED_DOM = 12_000

const session = demoSession()

async function openRun(uuid: string, hash = ''): Promise<Page> {
  const probe = await session.open(`/runs/${uuid}?tz=UTC${hash}`, {
    viewport: { width: 1280, height: 900 },
  })
  await probe.page.locator('[data-round-heading]').first().waitFor(LOADED)
  return probe.page
}

const elements = (page: Page) => page.evaluate(() => document.getElementsByTagName('*').length)
const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? '')

describe('a run of 100,000 rounds of 3 steps', () => {
  it('opens with a few rounds, says so, and reaches far rounds by link, field and key', async () => {
    const page = await openRun(HUGE_RUN_UUIDS.manyRounds)
    await expect
      .poll(() =>
        page.getByRole('status').filter({ hasText: 'only the rounds near the view' }).innerText(),
      )
      .toMatch(/100,000 rounds, 300,000 steps: .*Showing round 1 to round \d+ of 100,000/s)
    expect(await elements(page)).toBeLessThan(BOUNDED_DOM)
    const bars = page.getByRole('figure', { name: /The run in time/ })
    expect(await bars.getByRole('listitem').count()).toBeLessThanOrEqual(60)

    // The last line of the time bars names a stretch of rounds far down: its link lands there.
    const last = bars.getByRole('link').last()
    const name = await last.innerText()
    const first = Number(/^Rounds ([\d,]+)/.exec(name)?.[1]?.replace(/,/g, ''))
    expect(first).toBeGreaterThan(90_000)
    await last.click()
    await expect.poll(() => focusedId(page), LOADED).toBe(`round-${first}`)
    await page.keyboard.press('j')
    await expect.poll(() => focusedId(page)).toBe(`round-${first + 1}`)
    await page.keyboard.press('k')
    await page.keyboard.press('k')
    await expect.poll(() => focusedId(page)).toBe(`round-${first - 1}`)

    await page.getByLabel('Go to step').fill('250001')
    await page.getByLabel('Go to step').press('Enter')
    await expect.poll(() => focusedId(page), LOADED).toBe('step-250001')
    expect(await page.locator('#round-83334').isVisible()).toBe(true)
    expect(await elements(page)).toBeLessThan(BOUNDED_DOM)
    await screenshot(page, 'huge-run-many-rounds')
    expect(await axeViolations(page)).toEqual([])
  })

  it('follows a #step- address that is not in the page', async () => {
    const page = await openRun(HUGE_RUN_UUIDS.manyRounds, '#step-123456')
    await expect.poll(() => focusedId(page), LOADED).toBe('step-123456')
  })
})

describe('one round of 300,000 steps', () => {
  it('shows its steps a page at a time and reaches the last one', async () => {
    const page = await openRun(HUGE_RUN_UUIDS.oneRound)
    expect(await page.getByText('Showing steps 1–200 of 300,000 of this round').isVisible()).toBe(
      true,
    )
    expect(await page.locator('.steps-table tbody tr').count()).toBe(200)
    expect(await elements(page)).toBeLessThan(BOUNDED_DOM)
    await page.getByRole('button', { name: 'Last page of round 1' }).click()
    await expect
      .poll(() => page.locator('.step-pager__text').innerText())
      .toMatch(/^Showing steps 299,801–300,000 of 300,000/)
    expect(await page.locator('#step-299999').count()).toBe(1)
    await page.getByLabel('Go to step').fill('150000')
    await page.getByLabel('Go to step').press('Enter')
    await expect.poll(() => focusedId(page), LOADED).toBe('step-150000')
    expect(await page.locator('.steps-table tbody tr').count()).toBe(200)
    await screenshot(page, 'huge-run-one-round')
    expect(await axeViolations(page)).toEqual([])
  })
})
