/**
 * The checker page on the built demo, used as a person would: the catalogue with refusals after
 * the decision, a refused call in the playground with the answer the model would receive, the
 * same case reopened from its link, a turn with Not run answers, axe-clean in light and dark.
 */
import { describe, expect, it } from 'vitest'
import { axeBothSchemes } from './axe'
import { screenshot, type ProbedPage } from './browser'
import { demoSession } from './demo-session'

const PAGE = '/checker?from=2026-11-05&to=2026-11-28&tz=UTC'
const LOADED = { timeout: 60_000 } as const

const session = demoSession()

async function openChecker(path: string): Promise<ProbedPage> {
  const probe = await session.open(path)
  await probe.page.getByRole('heading', { name: 'Playground', exact: true }).waitFor(LOADED)
  return probe
}

describe('checker page on the demo installation', () => {
  it('refuses a call in the playground and shows the answer the model would receive', async () => {
    const { page, consoleErrors, pageErrors } = await openChecker(PAGE)
    await page.getByRole('button', { name: 'Check update_page_metadata' }).click()
    const box = page.getByRole('textbox', { name: 'Arguments of update_page_metadata (JSON)' })
    await box.fill('{\n  "uid": [3],\n  "page_title": "Home"\n}')

    const answer = page.locator('.answer__text')
    await expect.poll(() => answer.innerText()).toContain('Refused:')
    const text = await answer.innerText()
    expect(text.split('\n')).toEqual([
      'Refused: the arguments do not match the schema of tool "update_page_metadata", so nothing was run.',
      expect.stringMatching(
        /^- Argument "uid" must be an integer as the schema declares, but a list was sent: \[3\]\.$/,
      ),
      expect.stringMatching(
        /^- "page_title" is not an argument of this tool \(the schema takes only "uid", "title", .*\); leave it out\.$/,
      ),
    ])
    expect(await page.locator('.playground__verdict').innerText()).toMatch(/^Refused/)
    await screenshot(page, 'checker-refused-call')

    // The link carries the case: a colleague opening it sees the same answer.
    await expect
      .poll(() => new URL(page.url()).searchParams.get('args'), LOADED)
      .toContain('page_title')
    // Writing the case to the address must not scroll the page away from the editor.
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500)
    const shared = await openChecker(new URL(page.url()).pathname + new URL(page.url()).search)
    await expect.poll(() => shared.page.locator('.answer__text').innerText()).toBe(text)

    expect(consoleErrors).toEqual([])
    expect(pageErrors).toEqual([])
  })

  it('shows refusals by code in the catalogue after the decision, and the skipped schema parts', async () => {
    const { page } = await openChecker(PAGE)
    const row = page
      .locator('table tr')
      .filter({ has: page.getByRole('rowheader', { name: 'update_page_metadata' }) })
    await expect
      .poll(() => row.locator('a[href*="outcome=refused-arguments"]').count(), LOADED)
      .toBe(1)
    await page.getByRole('button', { name: 'Check mcp_dam_search_assets' }).click()
    const view = page.getByRole('region', { name: /Schema of mcp_dam_search_assets/ })
    await expect.poll(() => view.getByText('not judged by the check: $ref').count()).toBe(1)
    expect(await view.getByText('not judged by the check: anyOf').count()).toBe(1)
    await screenshot(page, 'checker-mcp-schema')
  })

  it('answers a turn with a refused call and a Not run sibling', async () => {
    const { page } = await openChecker(PAGE)
    await page.getByRole('button', { name: /A missing required argument/ }).click()
    await page.getByRole('radio', { name: 'A turn of several calls' }).check()
    const verdict = page.locator('.playground__verdict')
    await expect
      .poll(() => verdict.innerText())
      .toBe('Nothing in this turn would run: 1 refused, 1 not run.')
    const second = page.getByRole('group', { name: 'Call 2' })
    expect(await second.locator('.answer__text').innerText()).toMatch(
      /^Not run: the call of tool "update_page_metadata" was refused/,
    )
    await screenshot(page, 'checker-turn')
  })

  it('has no axe violations in light and dark mode', async () => {
    const probe = await openChecker(`${PAGE}&check=update_page_metadata&args=%7B%7D`)
    await probe.page.locator('.answer__text').waitFor(LOADED)
    await probe.page.locator('table a').first().waitFor(LOADED)
    const found = await axeBothSchemes(probe.page, (scheme) =>
      screenshot(probe.page, `checker-${scheme}`),
    )
    expect(found).toEqual({ light: [], dark: [] })
  })
})
