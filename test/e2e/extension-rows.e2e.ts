/**
 * Rows as the CMS extension writes them (`src/server/testing/extension-rows.ts`), served by the
 * API server over SQLite with the production build: the tool report shows every tool's counts
 * as worked out by hand from the rows (a denied turn's calls as denied, not failed), its CSV
 * carries them, and the checker marks the tools the CMS does not offer now.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import Papa from 'papaparse'
import type { Browser, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startApi, type RunningApi } from '@/server/cli/start-api'
import { createEmptyTables, type EmptyTables } from '@/server/testing/empty-tables'
import {
  EXPECTED_BY_TOOL,
  EXPECTED_OFFERED,
  EXTENSION_BUILTINS,
  writeExtensionRows,
} from '@/server/testing/extension-rows'
import { launchBrowser, openPage, requireBuild, screenshot, type ProbedPage } from './browser'

const LOADED = { timeout: 60_000 } as const
const REPORT = '/tools?from=2026-11-10&to=2026-11-10&tz=UTC'

let browser: Browser | undefined
let api: RunningApi | undefined
let tables: EmptyTables | undefined
let work: string | undefined
const opened: ProbedPage[] = []

beforeAll(async () => {
  const dashboard = requireBuild('dist')
  tables = await createEmptyTables('sqlite')
  await writeExtensionRows(tables.writer)
  work = await mkdtemp(path.join(tmpdir(), 'extension-rows-e2e-'))
  const tools = path.join(work, 'tools.json')
  await writeFile(tools, JSON.stringify({ tools: EXTENSION_BUILTINS }))
  api = await startApi(
    {
      database: tables.url,
      port: 0,
      host: '127.0.0.1',
      tools,
      dashboard,
      statementTimeoutMs: 20_000,
      summaryRefreshMs: 2000,
    },
    () => undefined,
  )
  // The first count is done before the pages ask (the dashboard's 'counting' state has its own tests).
  await api.summaries.ready()
  browser = await launchBrowser()
}, 120_000)
afterEach(async () => {
  await Promise.all(opened.splice(0).map((p) => p.close()))
})
afterAll(async () => {
  await browser?.close()
  await api?.close()
  await tables?.close()
  if (work !== undefined) await rm(work, { recursive: true, force: true })
})

async function open(where: string): Promise<ProbedPage> {
  if (browser === undefined || api === undefined) throw new Error('beforeAll did not finish')
  const probe = await openPage(browser, `${api.url}${where}`)
  opened.push(probe)
  return probe
}

/** The table's rows by tool: each header's cell, the name cell's text first. */
async function tableRows(page: Page): Promise<Map<string, Record<string, string>>> {
  const headers = (await page.locator('table thead th').allInnerTexts()).map((h) =>
    h.replace(/[▲▼]/g, '').trim(),
  )
  const rows = await page
    .locator('table tbody tr')
    .evaluateAll((found) =>
      found.map((row) => [...row.children].map((cell) => (cell as HTMLElement).innerText.trim())),
    )
  return new Map(
    rows.map((cells) => [
      (cells[0] ?? '').split(/\s/)[0] ?? '',
      Object.fromEntries(headers.map((h, i) => [h, cells[i] ?? ''])),
    ]),
  )
}

const int = (text: string | undefined) => Number((text ?? '').split(/\s/)[0]?.replace(/,/g, ''))

/** A hand-worked count table as the tool table's columns read it. */
function asColumns(counts: Record<string, number>): Record<string, number> {
  const refused = Object.entries(counts).filter(([key]) => key.startsWith('refused:'))
  return {
    Calls: Object.values(counts).reduce((a, b) => a + b, 0),
    Succeeded: counts.succeeded ?? 0,
    Failed: counts.failed ?? 0,
    Denied: counts.denied ?? 0,
    'Refused: arguments': counts['refused:arguments'] ?? 0,
    'Refused: turn': counts['refused:turn'] ?? 0,
    other: refused.reduce((n, [key, value]) => n + (/arguments|turn/.test(key) ? 0 : value), 0),
  }
}

describe('rows as the extension writes them, in the browser', () => {
  it('shows each tool’s counts as worked out by hand, denied calls apart, and exports them', async () => {
    const { page, consoleErrors, pageErrors } = await open(REPORT)
    const exportButton = page.getByRole('button', { name: 'Export tool report (CSV)' })
    await expect.poll(() => exportButton.isEnabled(), LOADED).toBe(true)
    // The catalogue (`/tools`) may answer after the counts: its marks are waited for.
    await expect
      .poll(async () => (await tableRows(page)).get('create_page_draft')?.Tool ?? '', LOADED)
      .toContain('not offered')
    const rows = await tableRows(page)
    expect([...rows.keys()].sort()).toEqual(Object.keys(EXPECTED_BY_TOOL).sort())
    for (const [tool, counts] of Object.entries(EXPECTED_BY_TOOL)) {
      const row = rows.get(tool) ?? {}
      const expected = asColumns(counts)
      for (const column of ['Calls', 'Succeeded', 'Failed', 'Denied', 'Refused: arguments'])
        expect(int(row[column]), `${tool} ${column}`).toBe(expected[column])
    }
    // A tool the CMS does not offer now is marked where it stands.
    const offeredOff = [...rows.keys()].filter((tool) => EXPECTED_OFFERED[tool] === false)
    expect(offeredOff).toEqual(expect.arrayContaining(['create_page_draft', 'list_be_users']))
    for (const tool of offeredOff) expect(rows.get(tool)?.Tool).toContain('not offered')
    expect(rows.get('update_page_metadata')?.Tool).not.toContain('not offered')
    await screenshot(page, 'extension-rows-tool-report')

    const [download] = await Promise.all([
      page.waitForEvent('download', LOADED),
      exportButton.click(),
    ])
    const csv = Papa.parse<Record<string, string>>(
      (await readFile((await download.path()) ?? '', 'utf8')).replace(/^\uFEFF/, ''),
      { header: true, skipEmptyLines: true },
    )
    expect(csv.errors).toEqual([])
    for (const row of csv.data) {
      const expected = asColumns(EXPECTED_BY_TOOL[row.tool ?? ''] ?? {})
      expect([row.calls, row.failed, row.denied].map(Number), row.tool).toEqual([
        expected.Calls,
        expected.Failed,
        expected.Denied,
      ])
    }
    expect(consoleErrors).toEqual([])
    expect(pageErrors).toEqual([])
  })

  it('marks on the checker every catalogue tool the CMS does not offer now', async () => {
    const { page } = await open('/checker?from=2026-11-10&to=2026-11-10&tz=UTC')
    await page.getByRole('table').first().waitFor(LOADED)
    const names = await page
      .locator('table tbody th')
      .evaluateAll((cells) => cells.map((cell) => (cell as HTMLElement).innerText.trim()))
    const marked = names
      .filter((text) => text.includes('not offered'))
      .map((text) => text.split(/\s/)[0])
    expect(marked.sort()).toEqual(
      Object.entries(EXPECTED_OFFERED)
        .filter(([, offered]) => !offered)
        .map(([tool]) => tool)
        .sort(),
    )
    await screenshot(page, 'extension-rows-checker')
  })
})
