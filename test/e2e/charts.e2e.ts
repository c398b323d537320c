/**
 * The recharts charts on the built demo, used as a person would: a tooltip with a tool's numbers
 * (the same as its table row) and a bucket's numbers by keyboard, a click on a segment that
 * opens the runs behind it, the brush that sets the range in the URL as the date fields do, the
 * per-tool chart ranked by argument refusals, all without a CSP violation.
 */
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { screenshot, type ProbedPage } from './browser'
import { demoSession } from './demo-session'

const RANGE = 'from=2026-08-29&to=2026-11-28&tz=UTC'
const WAIT = { timeout: 60_000 } as const

const session = demoSession({ csp: true })

async function open(path: string): Promise<ProbedPage> {
  const probe = await session.open(path)
  await probe.page.locator('path.recharts-rectangle').first().waitFor(WAIT)
  return probe
}

/** The figure of the chart whose caption starts with `caption`. */
const chart = (page: Page, caption: string) =>
  page
    .locator('figure.chart')
    .filter({ has: page.locator(`figcaption:text-matches("^${caption}")`) })

const search = (page: Page) => new URL(page.url()).searchParams

describe('the charts', () => {
  it('shows the top tool’s numbers by keyboard, the same as its table row', async () => {
    const probe = await open(`/tools?${RANGE}`)
    const { page } = probe
    const figure = chart(page, 'Calls per tool')
    await figure.locator('svg.recharts-surface').focus()
    const tip = figure.locator('.chart-tooltip')
    await tip.waitFor(WAIT)
    const tool = await tip.locator('.chart-tooltip__title').innerText()
    const total = await tip.locator('.chart-tooltip__total dd').innerText()
    const row = page
      .locator('table tbody tr')
      .filter({ has: page.getByRole('rowheader', { name: tool }) })
    const calls = await row.locator('td').first().innerText()
    expect(total).toBe(`${calls} calls`)
    // recharts moves down a vertical chart with the left arrow (its direction is top-to-bottom).
    await page.keyboard.press('ArrowLeft')
    await expect.poll(() => tip.locator('.chart-tooltip__title').innerText()).not.toBe(tool)
    await screenshot(page, 'charts-tool-tooltip')
    expect(probe.cspViolations).toEqual([])
    expect(probe.consoleErrors).toEqual([])
  })

  it('ranks the tools by argument refusals, most first', async () => {
    const { page } = await open(`/tools?${RANGE}`)
    const figure = chart(page, 'Calls per tool')
    await figure.getByRole('radio', { name: 'Argument refusals' }).check()
    const first = figure.locator('path.recharts-rectangle').first()
    await expect.poll(() => first.getAttribute('name')).toBe('Refused: arguments')
    // The bars' argument-refusal segments get shorter from top to bottom.
    const widths = await figure
      .locator('path.recharts-rectangle[name="Refused: arguments"]')
      .evaluateAll((paths) => paths.map((p) => Number(p.getAttribute('width'))))
    expect(widths.length).toBeGreaterThan(1)
    expect([...widths].sort((a, b) => b - a)).toEqual(widths)
  })

  it('opens the runs behind a clicked segment: its tool and outcome, the same range', async () => {
    const { page } = await open(`/tools?${RANGE}`)
    const figure = chart(page, 'Calls per tool')
    const failed = figure.locator('path.recharts-rectangle[name="Failed"]').first()
    await failed.hover()
    const tool = await figure.locator('.chart-tooltip__title').innerText()
    await failed.click()
    await page.waitForURL(/\/runs\?/, WAIT)
    const params = search(page)
    expect(params.get('outcome')).toBe('failed')
    expect(params.getAll('tool')).toEqual([tool])
    expect([params.get('from'), params.get('to')]).toEqual(['2026-08-29', '2026-11-28'])
  })

  it('shows a day’s numbers by keyboard on the overview and sets the range with the brush', async () => {
    const probe = await open('/?from=2026-09-01&to=2026-11-28&tz=UTC')
    const { page } = probe
    const figure = chart(page, 'Calls by outcome')
    await figure.locator('svg.recharts-surface').focus()
    await page.keyboard.press('ArrowRight')
    const tip = figure.locator('.chart-tooltip')
    await tip.waitFor(WAIT)
    expect(await tip.locator('.chart-tooltip__title').innerText()).toBe('2026-09-02')
    // The day's outcomes add up to its calls.
    const counts = (await tip.locator('dd').allInnerTexts()).map((t) =>
      Number(t.replace(/\D/g, '')),
    )
    const total = counts.pop() ?? 0
    expect(total).toBeGreaterThan(0)
    expect(counts.reduce((a, b) => a + b, 0)).toBe(total)
    await expect(figure.locator('.chart-marker line').count()).resolves.toBe(1)

    // Drag the brush's left handle a third of the way in: the range starts later, ends the same.
    const handle = figure.locator('.recharts-brush-traveller').first()
    const box = await handle.boundingBox()
    const chartBox = await figure.locator('svg.recharts-surface').boundingBox()
    if (!box || !chartBox) throw new Error('the brush is not drawn')
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
    await page.mouse.down()
    await page.mouse.move(box.x + chartBox.width / 3, box.y + box.height / 2, { steps: 8 })
    await page.mouse.up()
    await expect.poll(() => search(page).get('from'), WAIT).not.toBe('2026-09-01')
    const from = search(page).get('from') ?? ''
    expect(from > '2026-09-01' && from < '2026-11-28').toBe(true)
    expect(search(page).get('to')).toBe('2026-11-28')
    // Written as the date fields write it: the From field shows the new day.
    await expect.poll(() => page.getByLabel('From', { exact: true }).inputValue(), WAIT).toBe(from)
    await screenshot(page, 'charts-overview-brushed')
    expect(probe.cspViolations).toEqual([])
    expect(probe.consoleErrors).toEqual([])
  })
})
