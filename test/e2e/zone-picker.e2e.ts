/**
 * The time-zone picker on the built demo in Chromium: a zone chosen by typing changes the URL
 * and the runs list exactly as the zone's day dictates (the runs that started in Kolkata's
 * 10 November, their times at +05:30); a link with a legacy name (`tz=Asia/Calcutta`) shows the
 * same, by the current name, without a notice; Chromium's Intl takes every current name with
 * the legacy name's offsets; the open picker is axe-clean.
 */
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { LEGACY_ZONE_NAME_PAIRS, currentZoneName } from '@/domain/time/zone-names'
import { axeViolations } from './axe'
import { screenshot } from './browser'
import { demoSession } from './demo-session'
import type { ProbedPage } from './browser'

const LOADED = { timeout: 60_000 } as const
const DAY = '2026-11-10'
/** Kolkata's 10 November 2026 (UTC+05:30 all year) in UTC. */
const KOLKATA_DAY = [Date.parse('2026-11-09T18:30:00Z'), Date.parse('2026-11-10T18:30:00Z')]

const session = demoSession({ csp: true })

async function open(path: string): Promise<ProbedPage> {
  const probe = await session.open(path)
  return probe
}

interface Row {
  started: string
  configuration: string
  toolCalls: number
}

/** The runs list once loaded: its summary line and every row (the demo's day holds a few). */
async function runsList(page: Page, summary?: string): Promise<{ summary: string; rows: Row[] }> {
  const line = page.getByText(/^\d+ runs? holding \d+ tool calls?$/)
  if (summary === undefined) await line.waitFor(LOADED)
  else await expect.poll(() => line.innerText().catch(() => ''), LOADED).toBe(summary)
  const rows = await page.locator('table tbody tr').evaluateAll((trs) =>
    trs.map((tr) => {
      const cells = [...tr.querySelectorAll('th, td')].map((c) =>
        (c as HTMLElement).innerText.trim(),
      )
      return { started: cells[0] ?? '', configuration: cells[1] ?? '', toolCalls: Number(cells[4]) }
    }),
  )
  return { summary: await line.innerText(), rows }
}

/** `2026-11-10 01:10:26 +05:30` → epoch ms. */
const instantOf = (shown: string) => Date.parse(shown.replace(' ', 'T').replace(' ', ''))

/** A row as it must look in Kolkata: the same run, its start at +05:30. */
const inKolkata = (row: Row): Row => {
  const local = new Date(instantOf(row.started) + 330 * 60_000).toISOString()
  return { ...row, started: `${local.slice(0, 10)} ${local.slice(11, 19)} +05:30` }
}

const describeRuns = (rows: Row[]) => {
  const calls = rows.reduce((sum, r) => sum + r.toolCalls, 0)
  return `${rows.length} run${rows.length === 1 ? '' : 's'} holding ${calls} tool call${calls === 1 ? '' : 's'}`
}

const zoneButton = (page: Page) => page.getByRole('button', { name: /^Time zone:/ })

describe('the time-zone picker', () => {
  it('picks a zone by typing, and the runs list follows that zone’s day', async () => {
    // The runs of both UTC days that Kolkata's 10 November overlaps, read in UTC.
    const wide = await open(`/runs?from=2026-11-09&to=${DAY}&tz=UTC`)
    const utc = await runsList(wide.page)
    const [start, end] = KOLKATA_DAY as [number, number]
    const expected = utc.rows
      .filter((r) => instantOf(r.started) >= start && instantOf(r.started) < end)
      .map(inKolkata)
    expect(expected.length).toBeGreaterThan(0)

    const { page, consoleErrors, pageErrors } = await open(`/runs?from=${DAY}&to=${DAY}&tz=UTC`)
    const before = await runsList(page)
    await zoneButton(page).focus()
    await page.keyboard.press('Enter')
    const search = page.getByRole('combobox', { name: 'Search time zones' })
    await expect.poll(() => search.evaluate((el) => el === document.activeElement)).toBe(true)
    await page.keyboard.type('kolk')
    await expect
      .poll(() =>
        page.getByRole('listbox', { name: 'Time zones' }).getByRole('option').allInnerTexts(),
      )
      .toEqual([expect.stringMatching(/^Asia\/Kolkata\s+UTC\+05:30$/)])
    await screenshot(page, 'zone-picker-typed')
    await page.keyboard.press('Enter')

    await page.waitForURL((url) => url.searchParams.get('tz') === 'Asia/Kolkata')
    const url = new URL(page.url())
    expect([url.searchParams.get('from'), url.searchParams.get('to')]).toEqual([DAY, DAY])
    await expect(zoneButton(page).innerText()).resolves.toBe('Time zone: Asia/Kolkata')
    const after = await runsList(page, describeRuns(expected))
    expect(after.summary).not.toBe(before.summary)
    expect(after.rows).toEqual(expected)
    await expect(page.getByText('Times are shown in').innerText()).resolves.toMatch(/Asia\/Kolkata/)
    expect(consoleErrors).toEqual([])
    expect(pageErrors).toEqual([])
  })

  it('takes a link with a legacy name: the same figures, shown by the current name, no notice', async () => {
    const current = await open(`/runs?from=${DAY}&to=${DAY}&tz=Asia/Kolkata`)
    const byCurrentName = await runsList(current.page)

    const { page, consoleErrors } = await open(`/runs?from=${DAY}&to=${DAY}&tz=Asia/Calcutta`)
    const byLegacyName = await runsList(page)
    expect(byLegacyName).toEqual(byCurrentName)
    await expect(zoneButton(page).innerText()).resolves.toBe('Time zone: Asia/Kolkata')
    await expect(page.getByText('Times are shown in').innerText()).resolves.toMatch(
      /Asia\/Kolkata\.$/,
    )
    expect(await page.getByRole('status', { name: 'Parts of the link not used' }).count()).toBe(0)
    // The link keeps its name until the reader changes a filter; then the current name is written.
    expect(new URL(page.url()).searchParams.get('tz')).toBe('Asia/Calcutta')
    await page.getByRole('button', { name: 'Last 7 days' }).click()
    await page.waitForURL((url) => url.searchParams.get('preset') === '7d')
    expect(new URL(page.url()).searchParams.get('tz')).toBe('Asia/Kolkata')
    expect(consoleErrors).toEqual([])
  })

  it('names this browser’s zone, which Chromium reports by its legacy name, by the current one', async () => {
    const context = await session.browser.newContext({
      timezoneId: 'Asia/Calcutta',
      locale: 'en-GB',
    })
    try {
      const page = await context.newPage()
      await page.goto(new URL('/tools?preset=30d', session.url).toString())
      expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(
        'Asia/Calcutta',
      )
      await zoneButton(page).waitFor(LOADED)
      await expect(zoneButton(page).innerText()).resolves.toBe(
        'Time zone: Asia/Kolkata (this browser)',
      )
      await zoneButton(page).click()
      const first = page.getByRole('option').first()
      await expect(first.innerText()).resolves.toMatch(/^Asia\/Kolkata \(this browser\)/)
      await expect(page.getByRole('option', { name: /Calcutta/ }).count()).resolves.toBe(0)
      expect(await axeViolations(page)).toEqual([])
      await page.keyboard.type('new york')
      await page.keyboard.press('Enter')
      await page.waitForURL((url) => url.searchParams.get('tz') === 'America/New_York')
    } finally {
      await context.close()
    }
  })

  it('has Chromium’s Intl take every current name, with the legacy name’s offsets over a year', async () => {
    const { page } = await open('/tools?preset=30d')
    const supported = await page.evaluate(() => Intl.supportedValuesOf('timeZone'))
    // A name that is its own current name has nothing to compare: only renamed zones are checked.
    const pairs = [
      ...LEGACY_ZONE_NAME_PAIRS,
      ...supported.map((zone) => [zone, currentZoneName(zone)] as const),
    ].filter(([old, now]) => old !== now)
    expect(pairs.length).toBeGreaterThanOrEqual(LEGACY_ZONE_NAME_PAIRS.length)
    const wrong = await page.evaluate((all) => {
      const formats = new Map<string, Intl.DateTimeFormat>()
      const offsetAt = (zone: string, t: number) => {
        let format = formats.get(zone)
        if (!format) {
          format = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
          formats.set(zone, format)
        }
        return format.formatToParts(t).find((part) => part.type === 'timeZoneName')?.value
      }
      const known = (zone: string) => {
        try {
          new Intl.DateTimeFormat('en-US', { timeZone: zone })
          return true
        } catch {
          return false
        }
      }
      const hours = Array.from(
        { length: 365 * 8 },
        (_, i) => Date.UTC(2026, 0, 1) + i * 3 * 3_600_000,
      )
      return all
        .filter(([old]) => known(old))
        .filter(
          ([old, now]) => !known(now) || hours.some((t) => offsetAt(old, t) !== offsetAt(now, t)),
        )
    }, pairs)
    expect(supported).toContain('Asia/Calcutta')
    expect(wrong).toEqual([])
  })
})
