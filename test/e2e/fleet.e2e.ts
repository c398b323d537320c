/**
 * The production build served by the API server over ClickHouse (decision 0017), with the demo
 * installation exported twice, under two names, into an embedded ClickHouse. In Chromium: the
 * picker lists both, "all installations" shows the tool report summed with one row each (equal
 * to each one's own report) and its CSV, a picked installation is asked under its own base and
 * kept in the links, its runs listed from this server's `/run-list` and a run's page from its
 * `/runs/{uuid}`; the overview from `/effect`, of one installation and of all (twice one).
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import Papa from 'papaparse'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createInstallation } from '@/mocks/installation'
import { openDatabase } from '@/server/db/open-database'
import { openClickHouse } from '@/server/fleet/clickhouse'
import { Exporter } from '@/server/fleet/exporter'
import { startFleetApi, type RunningFleetApi } from '@/server/fleet/start-fleet-api'
import { seedInstallation } from '@/server/seed/seed-installation'
import { axeViolations } from './axe'
import { launchBrowser, openPage, requireBuild, screenshot } from './browser'

const LOADED = { timeout: 60_000 } as const
const REPORT = '/tools?from=2026-09-01&to=2026-11-28&tz=UTC'
// The CMS's own name of the second installation is hostile: shown as text only.
const HOSTILE = '<img src=x onerror=alert(1)> Agency & Co'

let dir: string
let api: RunningFleetApi
let browser: Browser

beforeAll(async () => {
  const dashboard = requireBuild('dist')
  dir = await mkdtemp(path.join(tmpdir(), 'rd-fleet-e2e-'))
  const url = `sqlite:${path.join(dir, 'cms.db')}`
  const writer = openDatabase(url, { write: true })
  const demo = createInstallation()
  await seedInstallation(writer, demo)
  await writer.close()
  const reader = openDatabase(url, { write: false })
  const ch = await openClickHouse(`chdb:${path.join(dir, 'fleet')}`)
  const settings = (installation: string) => ({
    installation,
    privacyLevel: 'metadata',
    retentionDays: null,
    argumentCheckSince: demo.meta.argumentCheckSince,
  })
  await new Exporter(reader, ch, 'site-a', { settings: settings('Site A') }).pass()
  await new Exporter(reader, ch, 'site-b', { settings: settings(HOSTILE) }).pass()
  await ch.close()
  await reader.close()
  api = await startFleetApi(
    {
      clickhouse: `chdb:${path.join(dir, 'fleet')}`,
      port: 0,
      host: '127.0.0.1',
      dashboard,
      publicHosts: [],
    },
    () => undefined,
  )
  browser = await launchBrowser()
}, 180_000)

afterAll(async () => {
  await browser?.close()
  await api?.close()
  if (dir) await rm(dir, { recursive: true, force: true })
})

/** The cells of the breakdown's row of `name`, as text. */
const rowOf = (cells: string[][], name: string) => cells.find((row) => row[0]?.startsWith(name))

describe('the dashboard over many installations', () => {
  it('sums all of them with one row each, and exports the rows', async () => {
    const probed = await openPage(browser, `${api.url}${REPORT}`)
    const { page } = probed
    try {
      const picker = page.getByRole('combobox', { name: 'Installation' })
      await picker.waitFor(LOADED)
      expect(await picker.locator('option').allTextContents()).toEqual([
        'All installations (2)',
        'site-a — Site A',
        `site-b — ${HOSTILE}`,
      ])
      const table = page.getByRole('table', { name: /of each installation/ })
      await table.waitFor(LOADED)
      await page.waitForFunction(
        () => !document.body.textContent?.includes('Counting…'),
        null,
        LOADED,
      )
      const cells = await table
        .locator('tbody tr')
        .evaluateAll((rows) =>
          rows.map((row) =>
            [...row.querySelectorAll('th, td')].map((cell) => cell.textContent ?? ''),
          ),
        )
      const a = rowOf(cells, 'site-a')
      const b = rowOf(cells, 'site-b')
      expect(a?.slice(1, 8)).toEqual(b?.slice(1, 8))
      // All of them: twice one installation's calls.
      const total = await page
        .getByRole('rowheader', { name: /^All \d+ tools$/ })
        .locator('xpath=..')
        .locator('td')
        .first()
        .textContent()
      const calls = Number((a?.[2] ?? '').replace(/,/g, ''))
      expect(calls).toBeGreaterThan(1000)
      expect(Number((total ?? '').replace(/,/g, ''))).toBe(2 * calls)
      expect(await page.locator('img').count()).toBe(0)
      expect(await axeViolations(page)).toEqual([])
      await screenshot(page, 'fleet-all-installations')

      const download = page.waitForEvent('download')
      await page.getByRole('button', { name: 'Export by installation (CSV)' }).click()
      const file = await download
      const text = await readFile((await file.path()) ?? '', 'utf8')
      const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), {
        header: true,
        skipEmptyLines: true,
      })
      expect(parsed.data.map((row) => [row.installation, row.cms_name, row.calls])).toEqual([
        ['site-a', 'Site A', String(calls)],
        // A name starting with a formula character would be escaped; this one is kept as is.
        ['site-b', HOSTILE, String(calls)],
      ])
      expect(probed.pageErrors).toEqual([])
      expect(probed.cspViolations).toEqual([])
    } finally {
      await probed.close()
    }
  })

  it('shows the overview of one installation and of all of them, twice the one', async () => {
    const calls: string[] = []
    for (const scope of ['installation=site-a&', '']) {
      const probed = await openPage(browser, `${api.url}/?${scope}tz=UTC`)
      const { page } = probed
      try {
        const button = page.getByRole('button', { name: 'Export comparison (CSV)' })
        await button.waitFor(LOADED)
        await expect.poll(() => button.isEnabled(), LOADED).toBe(true)
        expect(await page.getByText(/does not answer/).count()).toBe(0)
        calls.push(
          await page
            .locator('.ov-kpi')
            .filter({ has: page.getByRole('heading', { name: 'Calls' }) })
            .locator('.ov-kpi__value')
            .innerText(),
        )
        await screenshot(page, `fleet-overview-${scope === '' ? 'all' : 'site-a'}`)
        expect(probed.pageErrors).toEqual([])
      } finally {
        await probed.close()
      }
    }
    const [one, all] = calls.map((text) =>
      text.split('→').map((part) => Number(part.replace(/\D/g, ''))),
    )
    expect(one?.[0]).toBeGreaterThan(0)
    expect(all).toEqual(one?.map((value) => 2 * value))
  })

  it('lists runs one installation at a time under all of them', async () => {
    const probed = await openPage(browser, `${api.url}/runs?tz=UTC`)
    const { page } = probed
    try {
      const note = page.getByText('Runs are listed one installation at a time')
      await note.waitFor(LOADED)
      expect(await page.locator('img').count()).toBe(0)
      await screenshot(page, 'fleet-runs-of-all')
      await page.getByRole('link', { name: 'site-a', exact: true }).click()
      await page.waitForURL(/installation=site-a/)
      await page.getByText(/^[\d,]+ runs holding [\d,]+ tool calls in /).waitFor(LOADED)
      await screenshot(page, 'fleet-runs-of-site-a')
      expect(probed.pageErrors).toEqual([])
    } finally {
      await probed.close()
    }
  })

  it('asks a picked installation under its own base, its runs and a run', async () => {
    const probed = await openPage(browser, `${api.url}${REPORT}`)
    const { page } = probed
    try {
      const picker = page.getByRole('combobox', { name: 'Installation' })
      await picker.waitFor(LOADED)
      const asked = page.waitForRequest((request) =>
        request.url().includes('/api/diagnostics/v1/installations/site-b/meta'),
      )
      await picker.selectOption('site-b')
      await asked
      await page.waitForURL(/installation=site-b/)
      await page.getByTitle(HOSTILE).waitFor(LOADED)
      expect(await page.getByRole('table', { name: /of each installation/ }).count()).toBe(0)
      const runs = page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Runs' })
      expect(await runs.getAttribute('href')).toContain('installation=site-b')
      const listAsked = page.waitForRequest((request) =>
        request.url().includes('/api/diagnostics/v1/installations/site-b/run-list?'),
      )
      await runs.click()
      await listAsked
      // The runs list from this server's /run-list: sorted and paged by the server.
      const listed = page.getByText(/^[\d,]+ runs holding [\d,]+ tool calls in /)
      await listed.waitFor(LOADED)
      expect(await page.getByText(/incomplete/).count()).toBe(0)
      await screenshot(page, 'fleet-runs-list')
      // A run's page from /runs/{uuid} of the picked installation: its rounds.
      const runAsked = page.waitForRequest((request) =>
        /\/api\/diagnostics\/v1\/installations\/site-b\/runs\/[^/?]+/.test(request.url()),
      )
      await page
        .getByRole('table', { name: /^Runs,/ })
        .getByRole('link')
        .first()
        .click()
      await runAsked
      await page.getByRole('heading', { level: 2, name: /^Round 1\b/ }).waitFor(LOADED)
      expect(await page.getByRole('alert').count()).toBe(0)
      await screenshot(page, 'fleet-run')
      expect(probed.pageErrors).toEqual([])
    } finally {
      await probed.close()
    }
  })
})
