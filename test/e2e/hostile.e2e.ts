/**
 * The hostile installation (`demoVariant: 'hostile'`): tool names, MCP server names,
 * configuration names, refusal codes, run statuses and run uuids from the hostile corpus, served
 * by the demo build's own service worker. On every page: nothing executes (a trap on `window`
 * and on the DOM), the layout holds (no horizontal page overflow), long names are truncated with
 * the full name in `title`, and nothing the API sends is dropped.
 */
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { createInstallation } from '@/mocks/installation'
import { createHostileInstallation } from '@/mocks/variants'
import { HOSTILE_CORPUS, hostile } from '../fixtures/hostile-corpus'
import { horizontalOverflow, openWith, shellIsUp, trapHits } from '../fixtures/probes'
import { screenshot, type ProbedPage } from './browser'
import { demoSession } from './demo-session'
import { configHook } from '../fixtures/config-hook'

const RANGE = 'from=2026-09-01&to=2026-11-28&tz=UTC'
const WAIT = { timeout: 30_000 } as const
const NARROW = { width: 390, height: 844 }

const installation = createHostileInstallation(createInstallation())
/** Built-in tool names (all corpus strings), JSON-escaped so lone surrogates survive transfer. */
const CORPUS_TOOLS = installation.tools
  .filter((tool) => tool.source === 'builtin')
  .map((tool) => JSON.stringify(tool.name))

const session = demoSession({ handle: configHook(() => ({ demoVariant: 'hostile' })) })

async function open(path: string, viewport?: { width: number; height: number }) {
  return session.closeAfterTest(
    await openWith(session.browser, session.url, path, undefined, viewport),
  )
}

/** Waits for the page heading and until no widget is loading any more. */
async function settled(page: Page): Promise<void> {
  // The entry paints a page's heading before React loads: wait for the app's own header (the
  // installation named, no longer "Starting…"), then for its heading.
  await page.locator('.installation__name').first().waitFor(WAIT)
  await page.locator('main h1').first().waitFor(WAIT)
  await expect.poll(() => page.locator('.state--loading').count(), WAIT).toBe(0)
}

/** Nothing ran, nothing threw, the shell is there and the page is no wider than the window. */
async function expectUnharmed(probe: ProbedPage): Promise<void> {
  const { page, pageErrors } = probe
  expect(await trapHits(page)).toEqual([])
  expect(pageErrors).toEqual([])
  expect(await shellIsUp(page)).toBe(true)
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0)
}

/**
 * How the first element whose `title` is `full` shows it: the `.truncate` element at or inside
 * it, its width, whether it is cut off, and whether its text is the whole name.
 */
async function truncation(page: Page, full: string) {
  return page.evaluate((name) => {
    const el = [...document.querySelectorAll<HTMLElement>('[title]')].find((e) => e.title === name)
    const cut = el?.matches('.truncate') ? el : el?.querySelector<HTMLElement>('.truncate')
    if (!cut) return null
    return {
      width: cut.clientWidth,
      // Cut sideways (one line) or after its last line (names wrap, then stop after three).
      truncated: cut.scrollWidth > cut.clientWidth || cut.scrollHeight > cut.clientHeight + 1,
      text: cut.textContent === name,
    }
  }, full)
}

describe('the tool report with hostile names', () => {
  it('shows every corpus tool name as text, executes nothing and keeps the layout', async () => {
    const probe = await open(`/tools?${RANGE}`)
    const { page } = probe
    await page.locator('table caption').waitFor(WAIT)
    await expect
      .poll(() => page.locator('table caption').innerText(), WAIT)
      .not.toContain('incomplete')
    const names = await page
      .locator('table tbody th[scope=row] .truncate')
      .evaluateAll((els) => els.map((el) => JSON.stringify((el as HTMLElement).title)))
    const missing = CORPUS_TOOLS.filter((name) => !names.includes(name))
    const ids = missing.map(
      (name) => HOSTILE_CORPUS.find((e) => JSON.stringify(e.value) === name)?.id,
    )
    expect(ids).toEqual([])
    // The markup arrived as text: the literal tag is on screen, no element was made of it.
    expect(await page.getByText(hostile('script-tag'), { exact: true }).count()).toBeGreaterThan(0)
    expect(
      await page.locator('table img, table svg[onload], table script, table iframe').count(),
    ).toBe(0)
    await screenshot(page, 'hostile-tools')
    await expectUnharmed(probe)
  })

  it('truncates the 10,000-character name with the full name in its title', async () => {
    const probe = await open(`/tools?${RANGE}`)
    await probe.page.locator('table caption').waitFor(WAIT)
    const long = await truncation(probe.page, hostile('long-10000'))
    expect(long).toMatchObject({ truncated: true, text: true })
    expect(long?.width).toBeLessThan(600)
    const wide = await truncation(probe.page, hostile('long-no-break'))
    expect(wide).toMatchObject({ truncated: true })
  })

  it('holds the layout on a narrow screen and in the open tool picker', async () => {
    const probe = await open(`/tools?${RANGE}`, NARROW)
    const { page } = probe
    await page.locator('table caption').waitFor(WAIT)
    await page.getByRole('button', { name: /^Tools: / }).click()
    await page.getByRole('group', { name: 'Choose tools' }).waitFor(WAIT)
    const picked = await truncation(page, hostile('long-10000'))
    expect(picked).toMatchObject({ truncated: true, text: true })
    await screenshot(page, 'hostile-tools-narrow-picker')
    await expectUnharmed(probe)
  })

  it('filters by a hostile tool name through the URL and the picker without executing it', async () => {
    const name = hostile('img-onerror')
    const probe = await open(`/tools?${RANGE}&tool=${encodeURIComponent(name)}`)
    const { page } = probe
    await expect.poll(() => page.locator('table caption').innerText(), WAIT).toMatch(/: 1 tools?$/)
    const names = await page.locator('table tbody th[scope=row] .truncate').allInnerTexts()
    expect(names).toEqual([name])
    await expectUnharmed(probe)
  })

  it('shows the hostile installation name in the header as text', async () => {
    const probe = await open('/tools')
    const header = probe.page.locator('.installation__name')
    await header.waitFor(WAIT)
    expect(await header.innerText()).toContain(hostile('img-onerror'))
    expect(await header.getAttribute('title')).toContain(hostile('img-onerror'))
    await expectUnharmed(probe)
  })
})

describe('the other pages with hostile names', () => {
  it.each([`/?${RANGE}`, '/checker'])('%s executes nothing and keeps the layout', async (path) => {
    const probe = await open(path)
    await settled(probe.page)
    await screenshot(probe.page, `hostile-${path.slice(1, 9) || 'overview'}`)
    await expectUnharmed(probe)
  })

  it('lists runs with hostile uuids, configurations and statuses, and opens one', async () => {
    const probe = await open(`/runs?${RANGE}`)
    const { page } = probe
    const table = page.getByRole('table')
    await table.waitFor(WAIT)
    await expect
      .poll(() => page.getByText(hostile('attr-breakout')).count(), WAIT)
      .toBeGreaterThan(0)
    // Scroll through the whole list so every row (the lone surrogates too) is rendered once.
    for (let i = 0; i < 30; i += 1) await page.mouse.wheel(0, 900)
    await expectUnharmed(probe)
    await page.evaluate(() => window.scrollTo(0, 0))
    await screenshot(page, 'hostile-runs')
    await page
      .getByRole('link', { name: /^2026-11-28/ })
      .first()
      .click()
    await expect.poll(() => page.getByText(hostile('script-tag')).count(), WAIT).toBeGreaterThan(0)
    expect(await page.getByText('Run not found').count()).toBe(0)
    await screenshot(page, 'hostile-run-page')
    await expectUnharmed(probe)
  })

  it('opens each run with a hostile uuid from its link in the list, and comes back', async () => {
    const probe = await open(`/runs?${RANGE}`)
    const { page } = probe
    for (const id of [
      'script-tag',
      'path-traversal',
      'javascript-url',
      'query-and-hash',
      'rtl-override',
    ]) {
      await page.getByRole('table').waitFor(WAIT)
      const href = `/runs/${encodeURIComponent(hostile(id))}`
      const link = page.locator(`a[href^="${href.replace(/"/g, '\\"')}"]`).first()
      for (let i = 0; i < 20 && (await link.count()) === 0; i += 1) await page.mouse.wheel(0, 600)
      await link.click()
      await settled(page)
      expect(await page.getByText('Run not found').count(), id).toBe(0)
      expect(new URL(page.url()).pathname, id).toBe(href)
      await expectUnharmed(probe)
      await page.goBack()
      await page.evaluate(() => window.scrollTo(0, 0))
    }
  })
})
