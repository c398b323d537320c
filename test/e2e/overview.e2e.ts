/**
 * The overview on the built demo: its figures against the same domain functions run on the mock
 * API's data (fetched through the page's own network, i.e. the demo's service worker), the
 * comparison CSV, the window selector by keyboard, axe-clean in light and dark.
 */
import { readFile } from 'node:fs/promises'
import Papa from 'papaparse'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { metaSchema, runsPageSchema, toolsResponseSchema, type Run } from '@/domain/contract'
import {
  COMPARISON_CSV_COLUMNS,
  comparison,
  createEffectScope,
  effectWindows,
  emptyEffectSummary,
  foldEffect,
  recoveryOf,
  watchList,
} from '@/domain/effect'
import { getResponse } from 'msw'
import { createHandlers } from '@/mocks/handlers'
import { createInstallation } from '@/mocks/installation'
import { axeBothSchemes } from './axe'
import { screenshot, type ProbedPage } from './browser'
import { demoSession } from './demo-session'

const LOADED = { timeout: 60_000 } as const
const BASE = '/api/diagnostics/v1'
const NODE_ORIGIN = 'http://demo.invalid'

const session = demoSession()

async function openOverview(path: string): Promise<ProbedPage> {
  const probe = await session.open(path)
  const button = probe.page.getByRole('button', { name: 'Export comparison (CSV)' })
  await button.waitFor(LOADED)
  await expect.poll(() => button.isEnabled(), LOADED).toBe(true)
  return probe
}

/**
 * GET from the demo's installation, in Node: the same seeded installation and MSW handlers the
 * demo build's worker answers the page from.
 */
const demoHandlers = createHandlers({
  baseUrl: `${NODE_ORIGIN}${BASE}`,
  installation: createInstallation(),
})
async function getJson(path: string): Promise<unknown> {
  const response = await getResponse(demoHandlers, new Request(`${NODE_ORIGIN}${BASE}${path}`))
  if (!response) throw new Error(`the demo installation does not answer ${path}`)
  return response.json()
}

async function expectedFigures(windowDays: number) {
  const meta = metaSchema.parse(await getJson('/meta'))
  const tools = toolsResponseSchema.parse(await getJson('/tools')).tools
  const windows = effectWindows(Date.parse(meta.argumentCheckSince ?? ''), windowDays, {
    earliestMs: Date.parse(meta.earliestAt ?? ''),
    latestMs: Date.parse(meta.latestAt ?? ''),
  })
  const scope = createEffectScope(windows, [], tools)
  const runs: Run[] = []
  let cursor: string | null = null
  do {
    const params = new URLSearchParams({
      from: new Date(scope.beforeStartMs).toISOString(),
      to: new Date(scope.afterEndMs).toISOString(),
      limit: '500',
    })
    if (cursor !== null) params.set('cursor', cursor)
    const pageOfRuns = runsPageSchema.parse(await getJson(`/runs?${params.toString()}`))
    runs.push(...pageOfRuns.runs)
    cursor = pageOfRuns.nextCursor
  } while (cursor !== null)
  const summary = foldEffect(emptyEffectSummary(), runs, scope)
  const c = comparison(summary, tools)
  return { windows, summary, c, recovery: recoveryOf(summary.after), watch: watchList(c) }
}

const kpi = (page: Page, name: string) =>
  page
    .locator('.ov-kpi')
    .filter({ has: page.getByRole('heading', { name }) })
    .locator('.ov-kpi__value')
    .innerText()
const pct = (share: number | null) => (share === null ? '–' : `${(share * 100).toFixed(1)} %`)
const n = (value: number) => value.toLocaleString('en-US')
/** The figure beside `term` in a panel, read as a person does: scrolled into view first. */
async function fact(page: Page, region: string, term: string): Promise<string> {
  const value = page
    .getByRole('region', { name: region })
    .locator('dt', { hasText: term })
    .locator('xpath=following-sibling::dd[1]')
  await value.scrollIntoViewIfNeeded()
  // Panels below the first screen are drawn once they come near the viewport (content-visibility).
  await expect.poll(() => value.innerText()).not.toBe('')
  return value.innerText()
}

describe('overview on the demo installation', () => {
  it('shows the figures the domain functions give on the mock API data', async () => {
    const { page, consoleErrors, pageErrors } = await openOverview('/?tz=UTC')
    const { c, recovery, summary, watch } = await expectedFigures(14)
    // Sanity: the demo has refusals after the decision and the ADR's kind of failures before.
    expect(c.overall.after.refusedArguments).toBeGreaterThan(0)
    expect(c.overall.before.failed).toBeGreaterThan(0)

    expect(await kpi(page, 'Calls')).toBe(
      `${n(c.overall.before.calls)} → ${n(c.overall.after.calls)}`,
    )
    expect(await kpi(page, 'Failure rate')).toBe(
      `${pct(c.overall.failure.before.rate)} → ${pct(c.overall.failure.after.rate)}`,
    )
    expect(await kpi(page, 'Refusal rate after')).toBe(pct(c.overall.refusal.after.rate))
    expect(await kpi(page, 'Recovered in one round')).toBe(pct(recovery.nextRound.rate))

    const totals = page.locator('tr.ov-all td')
    expect(await totals.nth(0).innerText()).toBe(n(c.overall.before.calls))
    expect(await totals.nth(1).innerText()).toBe(n(c.overall.after.calls))
    expect(await page.locator('table.ov-table tbody tr').count()).toBe(c.tools.length + 1)

    expect(await fact(page, 'Recovery after a refusal', 'in the next round')).toContain(
      `${n(recovery.nextRound.events)} ·`,
    )
    expect(await fact(page, 'Recovery after a refusal', 'not recovered')).toContain(
      `${n(recovery.notRecovered.events)} ·`,
    )
    expect(await fact(page, 'Recovery after a refusal', 'median corrective rounds')).toMatch(
      new RegExp(`^${recovery.medianCorrectiveRounds ?? '–'}`),
    )
    const saved = summary.after.saved
    expect(await fact(page, 'What the check saved', 'refused turns')).toBe(n(saved.refusedTurns))
    expect(await fact(page, 'What the check saved', 'approval cards not raised')).toBe(
      n(saved.approvalCards),
    )
    expect(await fact(page, 'What the check saved', 'questions not asked')).toBe(n(saved.questions))
    expect(await fact(page, 'What the check saved', 'external calls not charged')).toBe(
      n(saved.externalCalls),
    )

    const watchRows = page
      .getByRole('region', { name: 'Stricter-schema watch' })
      .locator('tbody th')
    expect(await watchRows.allInnerTexts()).toEqual(watch.map((w) => w.tool))
    // The chart draws the decision marker.
    expect(await page.locator('.chart-marker').count()).toBe(1)
    await screenshot(page, 'overview-demo')
    expect(consoleErrors).toEqual([])
    expect(pageErrors).toEqual([])
  })

  it('puts the answer, in words and the four cards, on the first screen of a desktop and a phone', async () => {
    const { c } = await expectedFigures(14)
    for (const viewport of [
      { width: 1440, height: 1000 },
      { width: 390, height: 844 },
    ]) {
      const probe = await session.open('/?tz=UTC', { viewport })
      const { page } = probe
      const verdict = page.locator('.ov-verdict')
      await expect.poll(() => verdict.innerText(), LOADED).toMatch(/^Failures (fell|rose|stayed)/)
      expect(await verdict.innerText()).toContain(pct(c.overall.failure.after.rate))
      const bottoms = [
        await verdict.boundingBox(),
        ...(await Promise.all(
          (await page.locator('.ov-kpi__value').all()).map((value) => value.boundingBox()),
        )),
      ].map((box) => (box === null ? Infinity : box.y + box.height))
      expect(bottoms).toHaveLength(5)
      for (const bottom of bottoms) expect(bottom).toBeLessThanOrEqual(viewport.height)
      await screenshot(page, `overview-first-screen-${viewport.width}`)
    }
  })

  it('exports the comparison as the documented CSV, with the same numbers', async () => {
    const { page } = await openOverview('/?tz=UTC')
    const { c, recovery } = await expectedFigures(14)
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export comparison (CSV)' }).click(),
    ])
    expect(download.suggestedFilename()).toBe('overview-comparison_2026-11-05_14d.csv')
    const text = await readFile((await download.path()) ?? '', 'utf8')
    const csv = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), {
      header: true,
      skipEmptyLines: true,
    })
    expect(csv.errors).toEqual([])
    expect(csv.meta.fields).toEqual([...COMPARISON_CSV_COLUMNS])
    const [all, ...tools] = csv.data
    expect(all).toMatchObject({
      scope: 'all',
      decision_at: '2026-11-05T09:00:00.000+00:00',
      window_days: '14',
      timezone: 'UTC',
      calls_before: String(c.overall.before.calls),
      calls_after: String(c.overall.after.calls),
      failed_before: String(c.overall.before.failed),
      refused_arguments_after: String(c.overall.after.refusedArguments),
      failure_rate_after: (c.overall.failure.after.rate ?? NaN).toFixed(4),
      recovered_next_round_after: String(recovery.nextRound.events),
      recovered_next_round_rate_after: (recovery.nextRound.rate ?? NaN).toFixed(4),
    })
    expect(tools.map((row) => row.tool)).toEqual(c.tools.map((row) => row.tool))
    const sum = (key: string) => tools.reduce((total, row) => total + Number(row[key]), 0)
    expect(sum('calls_after')).toBe(c.overall.after.calls)
  })

  it('changes the window by keyboard, bounded by the data', async () => {
    const { page } = await openOverview('/?tz=UTC')
    const select = page.getByRole('combobox', { name: 'Window on each side' })
    await select.focus()
    await page.keyboard.press('End')
    await expect.poll(() => page.url()).toContain('window=56')
    await page.getByText(/cut from 56 days to the recorded data/).waitFor(LOADED)
    const button = page.getByRole('button', { name: 'Export comparison (CSV)' })
    await expect.poll(() => button.isEnabled(), LOADED).toBe(true)
    const { c } = await expectedFigures(56)
    await expect
      .poll(() => kpi(page, 'Calls'), LOADED)
      .toBe(`${n(c.overall.before.calls)} → ${n(c.overall.after.calls)}`)
    await screenshot(page, 'overview-window-56')
  })

  it('counts what the date range holds: a range past the decision compares nothing, and says so', async () => {
    const { page } = await openOverview('/?tz=UTC')
    const { c } = await expectedFigures(14)
    await page.getByRole('button', { name: 'Last 7 days' }).click()
    await page
      .getByText(/^The date range \(.+\) holds no days before or after the decision date$/)
      .waitFor(LOADED)
    expect(await page.locator('.ov-kpi').count()).toBe(0)
    await screenshot(page, 'overview-range-past-decision')
    await page.getByRole('button', { name: /^Show .+ \(14 days each side\)$/ }).click()
    await expect
      .poll(() => kpi(page, 'Calls'), LOADED)
      .toBe(`${n(c.overall.before.calls)} → ${n(c.overall.after.calls)}`)
    expect(await page.getByText(/cuts the compared windows|holds no days/).count()).toBe(0)
  })

  it('has no axe violations in light and dark mode', async () => {
    const probe = await openOverview('/?tz=UTC')
    const found = await axeBothSchemes(probe.page, (scheme) =>
      screenshot(probe.page, `overview-${scheme}`),
    )
    expect(found).toEqual({ light: [], dark: [] })
  })
})
