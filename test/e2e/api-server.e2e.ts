/**
 * The production build served by the API server itself (`startApi` with `dashboard`), over the
 * demo installation seeded into PostgreSQL as the CMS records it (SQLite, said in one line, where
 * no PostgreSQL answers; with `RD_TEST_ENGINES` naming postgres a missing one fails the run). The
 * tool report's table and its CSV are checked against counts made here from the installation
 * itself, a run page against the run's own steps, and no API answer the page received may hold
 * the text the seeder put into the columns the server must never select.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import Papa from 'papaparse'
import type { Browser, Page, Response } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { outcomeOf } from '@/domain/outcome'
import { ADR_FIGURES, createInstallation, type MockRun } from '@/mocks/installation'
import { startApi, type RunningApi } from '@/server/cli/start-api'
import { openDatabase } from '@/server/db/open-database'
import { NEVER_SELECTED } from '@/server/seed/record-run'
import { builtinCatalogueFile } from '@/server/seed/catalogue-rows'
import { seedInstallation } from '@/server/seed/seed-installation'
import { createTestDatabase, testEngines, type TestDatabase } from '@/server/testing/engines'
import { launchBrowser, openPage, requireBuild, screenshot, type ProbedPage } from './browser'

const API_PATH = '/api/diagnostics/v1'
const LOADED = { timeout: 60_000 } as const
const RANGES = [
  // The ADR's range: before the argument check, so failures and no refusals.
  { from: '2026-09-01', to: '2026-11-03', figures: ADR_FIGURES },
  // After the decision: refusals by code as well.
  { from: '2026-11-05', to: '2026-11-28', figures: null },
] as const

const installation = createInstallation()
const allRuns = everyRun()

/** Every run of the installation, in the contract's order, page by page. */
function everyRun(): MockRun[] {
  const runs: MockRun[] = []
  let after: string | null = null
  do {
    const slice = installation.queryRuns({ from: null, to: null, tools: [] }, after, 500)
    runs.push(...slice.runs)
    after = slice.continueAfter?.uuid ?? null
  } while (after !== null)
  return runs
}

interface Tally {
  calls: number
  succeeded: number
  failed: number
  denied: number
  refusedArguments: number
  refusedTurn: number
  refusedOther: number
}

const DAY_MS = 86_400_000

const noCalls = (): Tally => ({
  calls: 0,
  succeeded: 0,
  failed: 0,
  denied: 0,
  refusedArguments: 0,
  refusedTurn: 0,
  refusedOther: 0,
})

/**
 * The tool calls of the installation's runs from `from` to `to` (whole UTC days), per tool, by
 * the contract's outcome rule — aggregated here plainly, not by the dashboard's fold. Times are
 * floored to whole seconds as the CMS stores them (it never moves a call across midnight).
 */
function expectedCounts(from: string, to: string): Map<string, Tally> {
  const startMs = Date.parse(`${from}T00:00:00Z`)
  const endMs = Date.parse(`${to}T00:00:00Z`) + DAY_MS
  const byTool = new Map<string, Tally>()
  for (const run of allRuns) {
    for (const step of run.steps) {
      if (step.kind !== 'tool' || step.toolName === undefined) continue
      const at = Math.floor(Date.parse(step.occurredAt) / 1000) * 1000
      if (!(at >= startMs && at < endMs)) continue
      const tally = byTool.get(step.toolName) ?? noCalls()
      tally.calls++
      const outcome = outcomeOf(step)
      if (outcome === 'succeeded') tally.succeeded++
      else if (outcome === 'failed') tally.failed++
      else if (outcome === 'denied') tally.denied++
      else if (outcome === 'refused:arguments') tally.refusedArguments++
      else if (outcome === 'refused:turn') tally.refusedTurn++
      else tally.refusedOther++
      byTool.set(step.toolName, tally)
    }
  }
  return byTool
}

/** The sum of tallies (all zeros for none). */
function sumOf(tallies: Iterable<Tally>): Tally {
  const total = noCalls()
  for (const tally of tallies) {
    for (const key of Object.keys(total) as (keyof Tally)[]) total[key] += tally[key]
  }
  return total
}

let browser: Browser | undefined
let api: RunningApi | undefined
let database: TestDatabase | undefined
let work: string | undefined
const serverLog: string[] = []
const opened: ProbedPage[] = []

beforeAll(async () => {
  const dashboard = requireBuild('dist')
  const engines = await testEngines()
  const engine = engines.includes('postgres') ? 'postgres' : 'sqlite'
  if (engine !== 'postgres') {
    console.info(
      '[api-server e2e] PostgreSQL is not among the engines this run covers: the same test runs on SQLite',
    )
  }
  database = await createTestDatabase(engine)
  const db = openDatabase(database.url, { write: true, statementTimeoutMs: 600_000 })
  try {
    await seedInstallation(db, installation)
  } finally {
    await db.close()
  }
  work = await mkdtemp(path.join(tmpdir(), 'api-server-e2e-'))
  const tools = path.join(work, 'tools.json')
  const settings = path.join(work, 'settings.json')
  await writeFile(tools, JSON.stringify(builtinCatalogueFile(installation)))
  const { installation: name, privacyLevel, retentionDays, argumentCheckSince } = installation.meta
  await writeFile(
    settings,
    JSON.stringify({ installation: name, privacyLevel, retentionDays, argumentCheckSince }),
  )
  api = await startApi(
    {
      database: database.url,
      port: 0,
      host: '127.0.0.1',
      tools,
      settings,
      dashboard,
      statementTimeoutMs: 20_000,
      summaryRefreshMs: 2000,
    },
    (line) => serverLog.push(line),
  )
  // The first count is done before the pages ask (the dashboard's 'counting' state has its own tests).
  await api.summaries.ready()
  browser = await launchBrowser()
}, 180_000)
afterEach(async () => {
  await Promise.all(opened.splice(0).map((p) => p.close()))
})
afterAll(async () => {
  await browser?.close()
  await api?.close()
  await database?.drop()
  if (work !== undefined) await rm(work, { recursive: true, force: true })
  if (serverLog.length > 0) console.info(`[api-server e2e] server log:\n${serverLog.join('\n')}`)
})

interface ApiAnswer {
  /** The path under the API's base, a run's uuid as `<uuid>`. */
  path: string
  body: string
}

/** A page on the API server and every API answer it received (read as each arrived). */
interface ServedPage extends ProbedPage {
  answers(): Promise<ApiAnswer[]>
}

/** Opens `where` on the API server, keeping the body of every API answer the page gets. */
async function open(where: string): Promise<ServedPage> {
  if (browser === undefined || api === undefined) throw new Error('beforeAll did not finish')
  const probe = await openPage(browser, 'about:blank')
  opened.push(probe)
  const bodies: Promise<ApiAnswer>[] = []
  // On the context, so that the answers the runs-loading worker gets are seen too.
  probe.context.on('response', (response: Response) => {
    const { pathname } = new URL(response.url())
    if (!pathname.startsWith(API_PATH)) return
    const shown = pathname.slice(API_PATH.length).replace(/^\/runs\/.+/, '/runs/<uuid>')
    bodies.push(
      response.text().then(
        (body) => ({ path: shown, body }),
        (error: unknown) => ({ path: shown, body: `${UNREAD}${String(error)}` }),
      ),
    )
  })
  await probe.page.goto(`${api.url}${where}`)
  return { ...probe, answers: () => Promise.all(bodies) }
}

const UNREAD = 'body not read: '

/**
 * Asserts that the page received API answers on each of `paths` and that no answer holds the
 * seeder's marker text of the columns the server must never select (nor their names).
 */
async function expectNothingUnselected(page: ServedPage, paths: readonly string[]) {
  const answers = await page.answers()
  expect([...new Set(answers.map((a) => a.path))]).toEqual(expect.arrayContaining([...paths]))
  expect(answers.filter((a) => a.body.startsWith(UNREAD))).toEqual([])
  const leaking = answers.filter(
    (a) => a.body.includes(NEVER_SELECTED) || /suspended_state|queued_request/.test(a.body),
  )
  expect(leaking.map((a) => a.path)).toEqual([])
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

/**
 * The table's figures of a row, in the reference's shape: a refusal code other than arguments
 * and turn has a column of its own (`Refused: <code>`), summed here. A missing column throws.
 */
function tallyOf(row: Record<string, string>): Tally {
  const cell = (header: string) => {
    const text = row[header]
    if (text === undefined) throw new Error(`the table has no column ${header}`)
    return int(text)
  }
  const other = Object.keys(row).filter(
    (header) => /^Refused: /.test(header) && !/^Refused: (arguments|turn)$/.test(header),
  )
  return {
    calls: cell('Calls'),
    succeeded: cell('Succeeded'),
    failed: cell('Failed'),
    denied: cell('Denied'),
    refusedArguments: cell('Refused: arguments'),
    refusedTurn: cell('Refused: turn'),
    refusedOther: other.reduce((n, header) => n + cell(header), 0),
  }
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

describe('the production build served by the API server over a seeded database', () => {
  it.each(RANGES)(
    'shows the installation’s counts from $from to $to in the tool report and its CSV',
    async ({ from, to, figures }) => {
      const expected = expectedCounts(from, to)
      const total = sumOf(expected.values())
      if (figures !== null) {
        // The reference itself agrees with the ADR before it is used to judge the page.
        expect(total.calls).toBe(figures.calls)
        expect(total.failed).toBe(figures.failed)
      } else {
        expect(total.refusedArguments).toBeGreaterThan(0)
        expect(total.refusedTurn).toBeGreaterThan(0)
      }

      const probe = await open(`/tools?from=${from}&to=${to}&tz=UTC`)
      const { page } = probe
      const exportButton = page.getByRole('button', { name: 'Export tool report (CSV)' })
      await page.getByRole('table').waitFor(LOADED)
      await expect.poll(() => exportButton.isEnabled(), LOADED).toBe(true)
      await expect
        .poll(() => page.getByRole('caption').innerText())
        .toContain(`${from} to ${to} (UTC)`)

      const totals = await rowOf(page, /^All \d+ tools$/)
      expect(tallyOf(totals)).toEqual(total)
      expect(await page.getByRole('rowheader', { name: /^All \d+ tools$/ }).innerText()).toBe(
        `All ${expected.size} tools`,
      )
      // The rows with the most calls and the most failures, and one MCP tool.
      const byCalls = [...expected].sort((a, b) => b[1].calls - a[1].calls)
      const byFailed = [...expected].sort((a, b) => b[1].failed - a[1].failed)
      const mcp = [...expected].filter(([tool]) => tool.startsWith('mcp_'))
      const sampled = new Set(
        [byCalls[0], byCalls[1], byFailed[0], byFailed[1], mcp[0]].map((entry) => entry?.[0]),
      )
      for (const tool of sampled) {
        if (tool === undefined) continue
        const row = await rowOf(page, new RegExp(`^${escapeRegExp(tool)}(\\s|$)`))
        expect(tallyOf(row), tool).toEqual(expected.get(tool))
      }
      if (figures !== null) await screenshot(page, 'api-server-tool-report-adr-range')

      const [download] = await Promise.all([
        page.waitForEvent('download', LOADED),
        exportButton.click(),
      ])
      expect(download.suggestedFilename()).toBe(`tool-report_${from}_${to}.csv`)
      const text = await readFile((await download.path()) ?? '', 'utf8')
      const csv = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), {
        header: true,
        skipEmptyLines: true,
      })
      expect(csv.errors).toEqual([])
      // A tool no catalogue has (a name the model invented) is built-in unless named mcp_….
      const catalogued = new Map(installation.tools.map((tool) => [tool.name, tool.source]))
      const sources = {
        get: (tool: string) =>
          catalogued.get(tool) ?? (tool.startsWith('mcp_') ? 'mcp' : 'builtin'),
      }
      const fromCsv = new Map(
        csv.data.map((row) => [
          row.tool ?? '',
          {
            source: row.source,
            counts: {
              calls: Number(row.calls),
              succeeded: Number(row.succeeded),
              failed: Number(row.failed),
              denied: Number(row.denied),
              refusedArguments: Number(row.refused_arguments),
              refusedTurn: Number(row.refused_turn),
              refusedOther: Number(row.refused_other),
            },
            range: [row.from, row.to, row.timezone],
          },
        ]),
      )
      expect(fromCsv.size).toBe(csv.data.length)
      expect(
        new Map([...fromCsv].map(([tool, row]) => [tool, { source: row.source, ...row.counts }])),
      ).toEqual(
        new Map(
          [...expected].map(([tool, counts]) => [tool, { source: sources.get(tool), ...counts }]),
        ),
      )
      expect([...fromCsv.values()].every((row) => row.range.join() === `${from},${to},UTC`)).toBe(
        true,
      )

      expect(probe.consoleErrors).toEqual([])
      expect(probe.pageErrors).toEqual([])
      expect(probe.errorResponses).toEqual([])
      expect(probe.cspViolations).toEqual([])
      await expectNothingUnselected(probe, ['/meta', '/tools'])
      const answered = (await probe.answers()).map((a) => a.path)
      expect(answered.includes('/summary') || answered.includes('/runs')).toBe(true)
    },
  )

  it('shows the overview as the server counted it (/effect), without a step sent', async () => {
    const probe = await open('/?tz=UTC')
    const { page } = probe
    const exportButton = page.getByRole('button', { name: 'Export comparison (CSV)' })
    await exportButton.waitFor(LOADED)
    await expect.poll(() => exportButton.isEnabled(), LOADED).toBe(true)
    await expect
      .poll(
        () => page.getByText(/runs of both windows counted by the installation/).count(),
        LOADED,
      )
      .toBe(1)
    expect(await page.locator('.ov-kpi__value').first().innerText()).toMatch(/\d+ → \d+/)
    await screenshot(page, 'api-server-overview')
    expect(probe.consoleErrors).toEqual([])
    expect(probe.errorResponses).toEqual([])
    await expectNothingUnselected(probe, ['/meta', '/tools', '/effect'])
    const answered = (await probe.answers()).map((a) => a.path)
    expect(answered.filter((path) => path === '/runs')).toEqual([])
  })

  it('lists the runs of a day and opens one with its steps', async () => {
    const outcomes = (run: MockRun) =>
      run.steps.filter((step) => step.kind === 'tool').map((step) => outcomeOf(step))
    // A run after the decision with a failed call and a call refused for its arguments.
    const run = allRuns.find(
      (candidate) =>
        outcomes(candidate).includes('failed') && outcomes(candidate).includes('refused:arguments'),
    )
    if (run === undefined) throw new Error('the installation has no run with both outcomes')
    const day = run.startedAt.slice(0, 10)
    const startMs = Date.parse(`${day}T00:00:00Z`)
    const seconds = (iso: string) => Math.floor(Date.parse(iso) / 1000) * 1000
    const runsOfDay = allRuns
      .filter((r) =>
        r.steps.some(
          (s) => seconds(s.occurredAt) >= startMs && seconds(s.occurredAt) < startMs + DAY_MS,
        ),
      )
      .map((r) => r.uuid)
    expect(runsOfDay).toContain(run.uuid)

    const probe = await open(`/runs?from=${day}&to=${day}&tz=UTC`)
    const { page } = probe
    // The server lists the runs (`/run-list`, decision 0028): the export is a link to its CSV.
    const exportLink = page.getByRole('link', { name: 'Export runs (CSV)' })
    await exportLink.waitFor(LOADED)
    expect(Number(await page.locator('table.runs-table').getAttribute('aria-rowcount'))).toBe(
      runsOfDay.length + 1,
    )
    const [download] = await Promise.all([
      page.waitForEvent('download', LOADED),
      exportLink.click(),
    ])
    const csv = Papa.parse<Record<string, string>>(
      (await readFile((await download.path()) ?? '', 'utf8')).replace(/^\uFEFF/, ''),
      { header: true, skipEmptyLines: true },
    )
    expect(csv.errors).toEqual([])
    expect(csv.data.map((row) => row.run_uuid).sort()).toEqual([...runsOfDay].sort())
    // The server counted the rows (`/run-list`): the run's as its steps give them.
    await page.getByText(/^Counted by the installation from its run records/).waitFor(LOADED)
    const inDay = run.steps.filter(
      (s) =>
        s.kind === 'tool' &&
        seconds(s.occurredAt) >= startMs &&
        seconds(s.occurredAt) < startMs + DAY_MS,
    )
    const dayOutcomes = inDay.map((step) => outcomeOf(step))
    expect(csv.data.find((row) => row.run_uuid === run.uuid)).toMatchObject({
      rounds: String(new Set(run.steps.map((s) => s.round).filter((r) => r > 0)).size),
      tool_calls: String(inDay.length),
      failed: String(dayOutcomes.filter((o) => o === 'failed').length),
      refused_arguments: String(dayOutcomes.filter((o) => o === 'refused:arguments').length),
    })

    await page.goto(`${api?.url ?? ''}/runs/${run.uuid}?tz=UTC`)
    await page.getByRole('heading', { level: 1, name: `Run ${run.uuid}` }).waitFor(LOADED)
    await page.getByRole('heading', { level: 2, name: /^Round 1\b/ }).waitFor(LOADED)
    // Each round's section: its round and its steps' cells (step, time, kind, duration, tool,
    // outcome, decision). The page shows the steps outside a round in a section of their own.
    const sections = await page.locator('section[data-round]').evaluateAll((found) =>
      found.map((section) => ({
        round: Number(section.getAttribute('data-round')),
        rows: [...section.querySelectorAll('table.steps-table tbody tr')].map((row) =>
          [...row.children].map((cell) => (cell as HTMLElement).innerText.trim()),
        ),
      })),
    )
    const byRound = (steps: { round: number; kind: string; tool: string }[]) => {
      const rounds = new Map<number, string[][]>()
      for (const step of steps) {
        rounds.set(step.round, [...(rounds.get(step.round) ?? []), [step.kind, step.tool]])
      }
      return rounds
    }
    expect(
      byRound(
        sections.flatMap(({ round, rows }) =>
          // The tool cell's first line: a tool no catalogue has says so on a line of its own.
          rows.map((cells) => ({
            round,
            kind: cells[2] ?? '',
            tool: (cells[4] ?? '').split('\n')[0] ?? '',
          })),
        ),
      ),
    ).toEqual(
      byRound(
        run.steps.map((step, i) => ({
          // An approval or answer, recorded at round 0, is shown with the turn it decided: the
          // round of the last step before it that has one.
          round:
            (step.kind === 'approval' || step.kind === 'input') && step.round === 0
              ? (run.steps.slice(0, i).findLast((s) => s.round > 0)?.round ?? 0)
              : step.round,
          kind: step.kind,
          tool: step.toolName ?? '',
        })),
      ),
    )
    const shown = sections.flatMap((section) => section.rows)
    const labels = shown.map((cells) => cells[5] ?? '').filter((label) => label !== '')
    const count = (list: readonly string[], item: string) => list.filter((x) => x === item).length
    expect(count(labels, 'Failed')).toBe(count(outcomes(run), 'failed'))
    expect(count(labels, 'Refused: arguments')).toBe(count(outcomes(run), 'refused:arguments'))
    expect(labels).toHaveLength(outcomes(run).length)
    const facts = await page
      .locator('.run-header__facts div')
      .evaluateAll((items) =>
        items.map((item) => (item as HTMLElement).innerText.replace(/\s+/g, ' ').trim()),
      )
    expect(facts).toContain(`Tool calls ${outcomes(run).length}`)
    expect(facts).toContain(`Configuration ${run.configuration}`)
    await screenshot(page, 'api-server-run-page')

    expect(probe.consoleErrors).toEqual([])
    expect(probe.pageErrors).toEqual([])
    expect(probe.errorResponses).toEqual([])
    expect(probe.cspViolations).toEqual([])
    await expectNothingUnselected(probe, ['/meta', '/run-list', '/runs/<uuid>'])
    expect((await probe.answers()).some((a) => a.path === '/runs')).toBe(false)
  })
})
