/**
 * The tool report on the built demo, used as a person would: the ADR's figures in the table's
 * totals and rows, the same figures in the downloaded CSV, sorting by keyboard, axe-clean in
 * light and dark.
 */
import { readFile } from 'node:fs/promises'
import Papa from 'papaparse'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { axeBothSchemes } from './axe'
import { screenshot, type ProbedPage } from './browser'
import { demoSession } from './demo-session'

const ADR_RANGE = '/tools?from=2026-09-01&to=2026-11-03&tz=UTC'
const LOADED = { timeout: 60_000 } as const

const session = demoSession()

async function openReport(path: string): Promise<ProbedPage> {
  const probe = await session.open(path)
  await probe.page.getByRole('table').waitFor(LOADED)
  await probe.page.getByRole('button', { name: 'Export tool report (CSV)' }).waitFor(LOADED)
  await expect
    .poll(
      () => probe.page.getByRole('button', { name: 'Export tool report (CSV)' }).isEnabled(),
      LOADED,
    )
    .toBe(true)
  return probe
}

/** The cells of the row whose header cell is `name`, by column header. */
async function rowOf(page: Page, name: RegExp): Promise<Record<string, string>> {
  const headers = await page.locator('table thead th').allInnerTexts()
  const row = page.locator('table tr').filter({ has: page.getByRole('rowheader', { name }) })
  const cells = await row.locator('th, td').allInnerTexts()
  return Object.fromEntries(
    headers.map((h, i) => [h.replace(/[▲▼]/g, '').trim(), (cells[i] ?? '').trim()]),
  )
}

const int = (text: string | undefined) => Number((text ?? '').split(/\s/)[0]?.replace(/,/g, ''))

describe('tool report on the demo installation', () => {
  it('shows the ADR figures in the table and in the downloaded CSV', async () => {
    const { page, consoleErrors, pageErrors } = await openReport(ADR_RANGE)
    await expect
      .poll(() => page.getByRole('caption').innerText())
      .toContain('2026-09-01 to 2026-11-03 (UTC)')

    const totals = await rowOf(page, /^All \d+ tools$/)
    expect(int(totals.Calls)).toBe(2386)
    expect(int(totals.Failed)).toBe(97)
    // Calls an editor denied are counted apart: they never ran, and are no failures.
    expect(int(totals.Denied)).toBeGreaterThan(0)
    expect(int(totals['Refused: arguments'])).toBe(0)
    expect(int((await rowOf(page, /^update_page_metadata/)).Failed)).toBe(58)
    expect(int((await rowOf(page, /^create_content_element_draft/)).Failed)).toBe(13)
    expect(int((await rowOf(page, /^update_content_element/)).Failed)).toBe(11)
    await screenshot(page, 'tool-report-adr-range')

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export tool report (CSV)' }).click(),
    ])
    expect(download.suggestedFilename()).toBe('tool-report_2026-09-01_2026-11-03.csv')
    const text = await readFile((await download.path()) ?? '', 'utf8')
    const csv = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), {
      header: true,
      skipEmptyLines: true,
    })
    expect(csv.errors).toEqual([])
    expect(csv.meta.fields).toEqual([
      'tool',
      'source',
      'calls',
      'succeeded',
      'failed',
      'denied',
      'refused_arguments',
      'refused_turn',
      'refused_other',
      'failure_rate',
      'refusal_rate',
      'from',
      'to',
      'timezone',
    ])
    const sum = (key: string) => csv.data.reduce((n, row) => n + Number(row[key]), 0)
    expect(sum('calls')).toBe(2386)
    expect(sum('failed')).toBe(97)
    expect(sum('denied')).toBe(int(totals.Denied))
    const byTool = new Map(csv.data.map((row) => [row.tool, row]))
    expect(byTool.get('update_page_metadata')?.failed).toBe('58')
    expect(byTool.get('create_content_element_draft')?.failed).toBe('13')
    expect(byTool.get('update_content_element')?.failed).toBe('11')
    expect(
      csv.data.every(
        (row) => row.from === '2026-09-01' && row.to === '2026-11-03' && row.timezone === 'UTC',
      ),
    ).toBe(true)
    expect(byTool.get('update_page_metadata')?.failure_rate).toMatch(/^0\.\d{4}$/)

    expect(consoleErrors).toEqual([])
    expect(pageErrors).toEqual([])
  })

  it('shows refusals by code after the decision and sorts by keyboard', async () => {
    const { page } = await openReport('/tools?from=2026-11-05&to=2026-11-28&tz=UTC')
    const totals = await rowOf(page, /^All \d+ tools$/)
    expect(int(totals['Refused: arguments'])).toBeGreaterThan(0)
    expect(int(totals['Refused: turn'])).toBeGreaterThan(0)

    const header = page.getByRole('columnheader', { name: /Refused: arguments/ })
    await header.getByRole('button').focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => header.getAttribute('aria-sort')).not.toBe('none')
    const sort = await header.getAttribute('aria-sort')
    const headers = await page.locator('table thead th').allInnerTexts()
    const at = headers.findIndex((h) => h.startsWith('Refused: arguments'))
    expect(at).toBeGreaterThan(0)
    const values = (
      await page
        .locator('table tbody tr')
        .evaluateAll(
          (rows, column) =>
            rows.map((r) => (r.children[column] as HTMLElement | undefined)?.innerText ?? ''),
          at,
        )
    ).map(int)
    const sorted = [...values].sort((a, b) => (sort === 'ascending' ? a - b : b - a))
    expect(values).toEqual(sorted)
    await screenshot(page, 'tool-report-after-decision')
  })

  it('falls back on a bad link parameter and says what it ignored', async () => {
    const { page, pageErrors } = await openReport(
      '/tools?from=2026-13-45&tz=Mars%2FOlympus&tool=%3Cscript%3E',
    )
    await page.getByText(/Ignored from=/).waitFor(LOADED)
    await page.getByText(/Ignored tz=/).waitFor(LOADED)
    expect(pageErrors).toEqual([])
  })

  it('has no axe violations in light and dark mode', async () => {
    const probe = await session.open(ADR_RANGE)
    await probe.page.getByRole('table').waitFor(LOADED)
    const found = await axeBothSchemes(probe.page, (scheme) =>
      screenshot(probe.page, `tool-report-${scheme}`),
    )
    expect(found).toEqual({ light: [], dark: [] })
  })
})
