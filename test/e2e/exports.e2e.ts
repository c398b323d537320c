/**
 * Every CSV export of the hostile installation (tool report, tool calls, runs, comparison),
 * downloaded from the built demo as a person would, then read twice: by papaparse (every cell
 * that would start a formula carries the leading apostrophe, the hostile names come back whole)
 * and by LibreOffice Calc with formula evaluation on (no cell became a formula). A naive copy of
 * the same files without the escaping does become formulas, so the check can fail.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import Papa from 'papaparse'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createInstallation } from '@/mocks/installation'
import { createHostileInstallation, LEAK_MARKER } from '@/mocks/variants'
import { FORMULA_START, hostile } from '../fixtures/hostile-corpus'
import { openWith } from '../fixtures/probes'
import { formulasAfterImport, requireLibreOffice } from '../fixtures/spreadsheet'
import { screenshot, type ProbedPage } from './browser'
import { demoSession } from './demo-session'
import { configHook } from '../fixtures/config-hook'

const RANGE = 'from=2026-09-01&to=2026-11-28&tz=UTC'
const WAIT = { timeout: 60_000 } as const
const NUMBER = /^-?\d+(\.\d+)?(e[-+]?\d+)?$/i

/** The exports of each page, by the name of the button that starts them. */
const EXPORTS: readonly (readonly [string, string])[] = [
  [`/tools?${RANGE}`, 'Export tool report (CSV)'],
  [`/tools?${RANGE}`, 'Export tool calls (CSV)'],
  [`/runs?${RANGE}`, 'Export runs (CSV)'],
  [`/?${RANGE}`, 'Export comparison (CSV)'],
]

const installation = createHostileInstallation(createInstallation())
const session = demoSession({ handle: configHook(() => ({ demoVariant: 'hostile' })) })
let work: string
/** file name → text of each downloaded CSV. */
const files = new Map<string, string>()

beforeAll(async () => {
  requireLibreOffice()
  work = await mkdtemp(path.join(tmpdir(), 'exports-'))
  const pages = new Map<string, ProbedPage>()
  try {
    for (const [where, button] of EXPORTS) {
      let probe = pages.get(where)
      if (!probe) {
        probe = await openWith(session.browser, session.url, where)
        pages.set(where, probe)
      }
      const { name, text } = await download(probe.page, button)
      files.set(name, text)
    }
  } finally {
    await Promise.all([...pages.values()].map((p) => p.close()))
  }
}, 180_000)
afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true })
})

async function download(page: Page, button: string): Promise<{ name: string; text: string }> {
  const control = page.getByRole('button', { name: button, disabled: false })
  await control.waitFor(WAIT)
  const [file] = await Promise.all([page.waitForEvent('download', WAIT), control.click()])
  await screenshot(page, `exports-${button.replace(/\W+/g, '-')}`)
  return { name: file.suggestedFilename(), text: await readFile((await file.path()) ?? '', 'utf8') }
}

const parse = (text: string) =>
  Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: true })

/** A cell as the dashboard meant it: the escaping apostrophe taken off again. */
const unescape = (cell: string) =>
  cell.startsWith("'") && FORMULA_START.test(cell.slice(1)) ? cell.slice(1) : cell

describe('CSV exports of hostile names', () => {
  it('downloads every export', () => {
    expect([...files.keys()].map((name) => name.replace(/_.*/, ''))).toEqual([
      'tool-report',
      'tool-calls',
      'runs',
      expect.stringMatching(/comparison/),
    ])
  })

  it('parses as rectangular CSV in which no text cell starts a formula', () => {
    for (const [name, text] of files) {
      const csv = parse(text)
      expect(csv.errors, name).toEqual([])
      const width = csv.data[0]?.length ?? 0
      expect(csv.data.length, name).toBeGreaterThan(1)
      for (const [i, row] of csv.data.entries()) {
        expect(row.length, `${name} row ${i}`).toBe(width)
        const dangerous = row.filter((cell) => FORMULA_START.test(cell) && !NUMBER.test(cell))
        expect(dangerous, `${name} row ${i}`).toEqual([])
      }
    }
  })

  it('keeps every hostile name whole: escaped once, multi-line values in one cell', () => {
    const cells = (prefix: string) =>
      new Set(
        [...files].filter(([n]) => n.startsWith(prefix)).flatMap(([, t]) => parse(t).data.flat()),
      )
    // How the name must appear: with one apostrophe when it starts a formula; a file holds
    // well-formed UTF-8, so a lone surrogate arrives as U+FFFD.
    const expected = (name: string) => (FORMULA_START.test(name) ? `'${name}` : name).toWellFormed()
    const report = cells('tool-report')
    const names = installation.tools.filter((t) => t.source === 'builtin').map((t) => t.name)
    expect(names.filter((name) => !report.has(expected(name)))).toEqual([])
    for (const id of [
      'formula-equals',
      'formula-tab',
      'formula-lf',
      'formula-nul',
      'formula-after-newline',
      'csv-quote-comma',
      'newlines',
    ]) {
      expect(report.has(expected(hostile(id))), id).toBe(true)
    }
    expect(cells('tool-calls').has(expected(hostile('formula-plus'))), 'hostile refusal code').toBe(
      true,
    )
    const runs = cells('runs')
    expect(runs.has(expected(hostile('formula-equals'))), 'hostile configuration').toBe(true)
    expect(runs.has(expected(hostile('attr-breakout'))), 'hostile status').toBe(true)
  })

  it('carries no text field of the full-privacy installation', () => {
    for (const [name, text] of files) expect(text.includes(LEAK_MARKER), name).toBe(false)
  })

  it('opens in LibreOffice Calc without a single formula, while a naive copy would have them', async () => {
    const written: string[] = []
    for (const [name, text] of files) {
      const file = path.join(work, name)
      await writeFile(file, text)
      written.push(file)
    }
    // The same data without the apostrophes, as a naive exporter would write it.
    const naive = path.join(work, 'naive-tool-report.csv')
    const report = [...files].find(([n]) => n.startsWith('tool-report'))?.[1] ?? ''
    await writeFile(naive, Papa.unparse(parse(report).data.map((row) => row.map(unescape))))
    const formulas = await formulasAfterImport([...written, naive], work)
    for (const file of written) expect(formulas.get(file), path.basename(file)).toEqual([])
    expect(formulas.get(naive)?.length ?? 0).toBeGreaterThan(0)
  }, 120_000)
})
