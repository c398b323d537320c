/**
 * Links to a tool's schema and to a run, on the built demo, used as a person would: a tool name
 * in the tool report (by keyboard), on a run page and in the overview's watch list opens that
 * tool's schema on the checker, the range and zone kept, focus on the inspector's heading and
 * the heading in view; every hostile corpus name links to its own schema; a run opens from its
 * pasted link in the runs page's "Go to run", an unknown id lands on "Run not found".
 */
import type { Locator, Page } from 'playwright-core'
import { afterEach, describe, expect, it } from 'vitest'
import { fromUrlText } from '@/domain/code-units'
import { HOSTILE_CORPUS, hostile } from '../fixtures/hostile-corpus'
import { configHook } from '../fixtures/config-hook'
import { horizontalOverflow, openWith, trapHits } from '../fixtures/probes'
import { screenshot } from './browser'
import { demoSession } from './demo-session'

const RANGE = 'from=2026-09-01&to=2026-11-28&tz=Europe%2FBerlin'
const WAIT = { timeout: 60_000 } as const

/** The demo variant the next page loads (`config.json` is read on every page load). */
let variant: 'default' | 'hostile' = 'default'
const session = demoSession({
  csp: true,
  handle: configHook(() => (variant === 'hostile' ? { demoVariant: 'hostile' } : undefined)),
})
afterEach(() => {
  variant = 'default'
})

/** The server's address without its closing slash, for a path to follow. */
const base = () => session.url.replace(/\/$/, '')

const open = (path: string, viewport?: { width: number; height: number }) =>
  session.open(path, { viewport })

/** The search of the page's address, decoded as the app reads it. */
const searchOf = (page: Page) => {
  const params = new URL(page.url()).searchParams
  return (key: string) => params.getAll(key).map(fromUrlText)
}

/** JSON copies of texts in the page: lone surrogates survive the trip out of the browser. */
const titleOf = (locator: Locator) =>
  locator.evaluate((el) => JSON.stringify((el as HTMLElement).title))
const valueOf = (locator: Locator) =>
  locator.evaluate((el) => JSON.stringify((el as HTMLSelectElement).value))

/**
 * The checker, reached by a link to `name` (given as JSON): its address names the tool and keeps
 * the range and zone, its inspector shows that tool's schema and holds the focus, in view.
 */
async function expectSchemaOf(page: Page, name: string, range = true): Promise<void> {
  await expect.poll(() => new URL(page.url()).pathname, WAIT).toBe('/checker')
  const search = searchOf(page)
  expect(JSON.stringify(search('check'))).toBe(`[${name}]`)
  if (range) {
    expect(search('from')).toEqual(['2026-09-01'])
    expect(search('to')).toEqual(['2026-11-28'])
    expect(search('tz')).toEqual(['Europe/Berlin'])
  }
  const heading = page.locator('#inspector-title')
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.id ?? null), WAIT)
    .toBe('inspector-title')
  // In view once the page has laid out what came with the tool (a long name wraps late).
  const height = page.viewportSize()?.height ?? 0
  await expect
    .poll(async () => {
      const box = await heading.boundingBox()
      // Sub-pixel rounding may leave it half a pixel above the top.
      return box !== null && box.y >= -1 && box.y + box.height <= height
    }, WAIT)
    .toBe(true)
  expect(await page.getByText(/^Ignored check=/).count()).toBe(0)
  const select = page.getByLabel('Tool', { exact: true })
  expect(await valueOf(select)).toBe(name)
  expect(await titleOf(page.locator('#schema-title .schema-view__tool'))).toBe(name)
}

/** The JSON form of a link's tool name (its title: the text may be cut). */
const nameOf = titleOf

describe('tool names open their schema on the checker', () => {
  it('from the tool report, by keyboard, the counts still opening the runs', async () => {
    const probe = await open(`/tools?${RANGE}`)
    const { page } = probe
    const first = page.locator('table.data-table tbody th[scope=row] a').first()
    await first.waitFor(WAIT)
    const name = await nameOf(first)
    // The count beside the name still opens the runs behind it.
    const row = page.locator('table.data-table tbody tr').first()
    expect(await row.locator('td a').first().getAttribute('href')).toMatch(/^\/runs\?/)
    await first.focus()
    expect(await first.evaluate((el) => el.matches(':focus-visible'))).toBe(true)
    const outline = await first.evaluate((el) => getComputedStyle(el).outlineStyle)
    expect(outline).toBe('solid')
    await page.keyboard.press('Enter')
    await expectSchemaOf(page, name)
    await screenshot(page, 'tool-links-checker-from-report')
    expect(probe.consoleErrors).toEqual([])
    expect(probe.cspViolations).toEqual([])
  })

  it('from a run page, with the list it came from', async () => {
    const { page, consoleErrors } = await open(`/runs?${RANGE}`)
    await page.locator('table a[href^="/runs/"]').first().click(WAIT)
    await page.locator('#run-title').waitFor(WAIT)
    const link = page.locator('.steps-table a[href^="/checker"]').first()
    await link.waitFor(WAIT)
    const name = await nameOf(link)
    await link.click()
    await expectSchemaOf(page, name)
    expect(consoleErrors).toEqual([])
  })

  it('from the overview’s stricter-schema watch', async () => {
    const { page, consoleErrors } = await open(`/?${RANGE}`)
    const watch = page.getByRole('region', { name: 'Stricter-schema watch' })
    const link = watch.locator('tbody th a').first()
    await link.waitFor(WAIT)
    const name = await nameOf(link)
    // Its calls open the tool report of that side.
    expect(
      await watch.locator('tbody tr').first().locator('td a').first().getAttribute('href'),
    ).toMatch(/^\/tools\?/)
    await link.scrollIntoViewIfNeeded()
    await link.click()
    await expectSchemaOf(page, name)
    expect(consoleErrors).toEqual([])
  })

  it('for every hostile corpus name, executing nothing', async () => {
    variant = 'hostile'
    // With the trap on `window` and the DOM that reports anything a name would run.
    const probe = session.closeAfterTest(
      await openWith(session.browser, session.url, `/tools?${RANGE}`),
    )
    const { page } = probe
    await expect
      .poll(() => page.locator('table caption').innerText(), WAIT)
      .not.toContain('incomplete')
    // Every name's link names exactly that tool (read back as the checker reads the address).
    const links = await page
      .locator('table.data-table tbody th[scope=row] a')
      .evaluateAll((els) =>
        els.map((el) => JSON.stringify([(el as HTMLElement).title, el.getAttribute('href')])),
      )
    const checked = new Map(
      links.map((entry) => {
        const [title, href] = JSON.parse(entry) as [string, string]
        const check = new URL(href, 'http://x').searchParams.get('check') ?? ''
        return [title, fromUrlText(check)]
      }),
    )
    const wrong = HOSTILE_CORPUS.filter((e) => checked.get(e.value) !== e.value).map((e) => e.id)
    expect(wrong).toEqual([])
    // Followed: the lone surrogates, the longest name, one that looks like a query string.
    for (const id of [
      'lone-high-surrogate',
      'lone-low-surrogate',
      'long-10000',
      'query-and-hash',
    ]) {
      const name = JSON.stringify(hostile(id))
      await page.goto(`${base()}/tools?${RANGE}`)
      const link = page.locator('table.data-table tbody th[scope=row] a')
      // Rows still arrive and re-sort until the report is complete: the index would drift.
      const exportButton = page.getByRole('button', { name: 'Export tool report (CSV)' })
      await expect.poll(() => exportButton.isEnabled().catch(() => false), WAIT).toBe(true)
      const index = await link.evaluateAll(
        (els, wanted) =>
          els.findIndex((el) => JSON.stringify((el as HTMLElement).title) === wanted),
        name,
      )
      expect(index, id).toBeGreaterThanOrEqual(0)
      await link.nth(index).scrollIntoViewIfNeeded()
      await link.nth(index).click()
      await expectSchemaOf(page, name)
    }
    expect(await trapHits(page)).toEqual([])
    expect(probe.pageErrors).toEqual([])
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0)
  })

  it('lands on the line that names a tool the catalogue lacks', async () => {
    const { page } = await open(`/checker?${RANGE}&check=${encodeURIComponent('no_such_tool')}`)
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.id ?? null), WAIT)
      .toBe('inspector-title')
    expect(await page.getByText('Ignored check=no_such_tool: no tool of that name.').count()).toBe(
      1,
    )
  })
})

describe('go to a run by its id', () => {
  it('opens a run from its pasted link, and an unknown id on "Run not found"', async () => {
    const { page, consoleErrors } = await open(`/runs?${RANGE}`, { width: 390, height: 844 })
    const href = await page.locator('table a[href^="/runs/"]').first().getAttribute('href', WAIT)
    const path = new URL(href ?? '', session.url).pathname
    const uuid = fromUrlText(decodeURIComponent(path.slice('/runs/'.length)))
    const field = page.getByRole('textbox', { name: 'Go to run' })
    await field.fill(`  ${base()}${path}?tz=UTC \n`)
    await field.press('Enter')
    await page.locator('#run-title').waitFor(WAIT)
    expect(new URL(page.url()).pathname).toBe(path)
    expect(await page.locator('#run-title .run-header__uuid').innerText()).toBe(uuid)
    // The run page's way back returns to the list it was opened from.
    expect(searchOf(page)('from')).toEqual(['2026-09-01'])
    await screenshot(page, 'tool-links-run-by-id-narrow')

    await page.goBack()
    await page.getByRole('button', { name: 'Open run' }).click(WAIT)
    expect(await page.getByText('Paste or type a run id first.').count()).toBe(1)
    await page.getByRole('textbox', { name: 'Go to run' }).fill('no-such-run')
    await page.getByRole('button', { name: 'Open run' }).click()
    await page.getByRole('heading', { name: 'Run not found' }).waitFor(WAIT)
    expect(consoleErrors.filter((e) => !e.text.includes('404'))).toEqual([])
  })
})
