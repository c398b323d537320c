/**
 * `npm run bench -- server`: the API server over a busy installation's tables (issue 22).
 * Seeds `RD_BENCH_STEPS` steps (default ten million) spread over a year into each engine of
 * `RD_BENCH_ENGINES` (default sqlite,postgres,mysql) once — the database is kept and reused,
 * named after the step count — then prints, per engine: the time to start; `/summary` for 7
 * days, 90 days and a year in UTC and Asia/Kolkata, first (the database counts, the cache still
 * building) and repeated (from the cache); the year after 12 s without requests, alone and after
 * `/meta` as a page asks; `/runs` first and 20th page; `/runs/{uuid}`; the cache's build time and
 * size; the process's memory after the year's answer; with `dist/` built, the year's tool report
 * in Chromium from `/summary` (by the driver's clock and by the page's own) and folded from
 * `/runs`. Nothing asserted.
 */
import { existsSync, mkdirSync } from 'node:fs'
import mysql from 'mysql2/promise'
import pg from 'pg'
import { createInstallation, type MockRun } from '@/mocks/installation'
import { startApi } from '@/server/cli/start-api'
import type { Engine } from '@/server/db/database'
import { openDatabase } from '@/server/db/open-database'
import { appendRuns, seedInstallation } from '@/server/seed/seed-installation'
import { createListedInstallation } from '@/mocks/variants'
import { ENGINE_URLS } from '@/server/testing/engines'
import { launchBrowser } from '../e2e/browser'
import type { BenchRow } from './harness'
import { toolReportInBrowser, type ReportLoad } from './tool-report-in-browser'

const STEPS = Number(process.env.RD_BENCH_STEPS ?? 10_000_000)
const ENGINES = (process.env.RD_BENCH_ENGINES ?? 'sqlite,postgres,mysql').split(',') as Engine[]
/** One demo installation at scale 1 records about 16,500 steps over 89 days. */
const COPIES = 4
const SHIFT_DAYS = 91
const SCALE = STEPS / COPIES / 16_500
const NAME = `rd_bench_${Math.round(STEPS / 1000)}k`
const DAY = 86_400_000
const END = Date.UTC(2026, 10, 29)
/** The production build the server can serve, for the browser's figures (skipped without it). */
const DASHBOARD = existsSync('dist/index.html') ? 'dist' : undefined
/** How long the browser's own fold may run before it is stopped and its progress printed. */
const BROWSER_CAP_MS = Number(process.env.RD_BENCH_BROWSER_CAP_S ?? 600) * 1000

function shifted(run: MockRun, days: number): MockRun {
  const by = (iso: string) => new Date(Date.parse(iso) - days * DAY).toISOString()
  return {
    ...run,
    startedAt: by(run.startedAt),
    finishedAt: run.finishedAt === null ? null : by(run.finishedAt),
    steps: run.steps.map((step) => ({ ...step, occurredAt: by(step.occurredAt) })),
  }
}

async function databaseUrl(engine: Engine): Promise<{ url: string; fresh: boolean }> {
  if (engine === 'sqlite') {
    mkdirSync('.bench', { recursive: true })
    const path = `.bench/${NAME}.db`
    return { url: `sqlite:${path}`, fresh: !existsSync(path) }
  }
  const url = new URL(ENGINE_URLS[engine])
  if (engine === 'postgres') {
    const client = new pg.Client({ connectionString: url.toString() })
    await client.connect()
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [NAME])
    if (found.rowCount === 0) await client.query(`CREATE DATABASE ${NAME}`)
    await client.end()
    url.pathname = `/${NAME}`
    return { url: url.toString(), fresh: found.rowCount === 0 }
  }
  const connection = await mysql.createConnection({ uri: url.toString() })
  const [rows] = await connection.query('SHOW DATABASES LIKE ?', [NAME])
  const fresh = (rows as unknown[]).length === 0
  if (fresh) await connection.query(`CREATE DATABASE ${NAME} CHARACTER SET utf8mb4`)
  await connection.end()
  url.pathname = `/${NAME}`
  return { url: url.toString(), fresh }
}

async function seed(url: string): Promise<number> {
  const started = performance.now()
  const db = openDatabase(url, { write: true, statementTimeoutMs: 600_000 })
  const first = createInstallation({ scale: SCALE, seed: 1 })
  await seedInstallation(
    db,
    createListedInstallation({ meta: first.meta, tools: first.tools, runs: [] }),
  )
  for (let copy = 0; copy < COPIES; copy += 1) {
    const installation = copy === 0 ? first : createInstallation({ scale: SCALE, seed: copy + 1 })
    for (let after: string | null = null, more = true; more;) {
      const slice = installation.queryRuns({ from: null, to: null, tools: [] }, after, 500)
      await appendRuns(
        db,
        slice.runs.map((run) => shifted(run, copy * SHIFT_DAYS)),
      )
      after = slice.continueAfter?.uuid ?? null
      more = after !== null
    }
    process.stderr.write(`  seeded copy ${copy + 1} of ${COPIES}\n`)
  }
  await db.close()
  return (performance.now() - started) / 1000
}

async function timed(url: string): Promise<{ ms: number; status: number; body: string }> {
  const started = performance.now()
  const response = await fetch(url)
  const body = await response.text()
  return { ms: performance.now() - started, status: response.status, body }
}

export async function run(): Promise<BenchRow[]> {
  const rows: BenchRow[] = []
  const add = (
    engine: Engine,
    figure: string,
    value: number,
    unit: string,
    goal?: string,
    met?: boolean,
  ) => rows.push({ bench: `server ${engine}`, figure, value, unit, goal, met: met ?? null })
  for (const engine of ENGINES) {
    const { url, fresh } = await databaseUrl(engine)
    if (fresh) {
      process.stderr.write(`seeding ${STEPS.toLocaleString('en-US')} steps into ${engine}…\n`)
      add(engine, 'seeding (once; kept for later runs)', await seed(url), 's')
    }
    const log: string[] = []
    const started = performance.now()
    const api = await startApi(
      {
        database: url,
        port: 0,
        host: '127.0.0.1',
        statementTimeoutMs: 120_000,
        summaryRefreshMs: 2000,
        dashboard: DASHBOARD,
      },
      (line) => log.push(line),
    )
    add(engine, 'start until listening', performance.now() - started, 'ms')
    const base = `${api.url}/api/diagnostics/v1`
    const ranges = [7, 90, 365].flatMap((days) =>
      ['UTC', 'Asia/Kolkata'].map((tz) => ({ days, tz })),
    )
    const summaryUrl = (days: number, tz: string) => {
      const offset = tz === 'UTC' ? 0 : 5.5 * 3_600_000
      const to = END - offset
      const from = to - days * DAY
      return `${base}/summary?from=${new Date(from).toISOString()}&to=${new Date(to).toISOString()}&tz=${encodeURIComponent(tz)}`
    }
    // The first year in UTC is asked while the cache builds: the database counts it.
    const first = await timed(summaryUrl(365, 'UTC'))
    add(engine, `/summary 365 d UTC, first after start (status ${first.status})`, first.ms, 'ms')
    const buildStart = performance.now()
    await api.summaries.current()
    while (!api.summaries.built) await api.summaries.current()
    add(engine, 'summary cache built (after start)', (performance.now() - started) / 1000, 's')
    void buildStart
    const size = api.summaries.size
    add(engine, 'summary cache groups', size.groups, 'groups')
    add(engine, 'summary cache columns', size.bytes / 1e6, 'MB')
    for (const { days, tz } of ranges) {
      const once = await timed(summaryUrl(days, tz))
      const again = await timed(summaryUrl(days, tz))
      const parsed = JSON.parse(again.body) as { rows?: { calls: number }[] }
      const calls = (parsed.rows ?? []).reduce((total, row) => total + row.calls, 0)
      add(
        engine,
        `/summary ${days} d ${tz}, cached (${calls.toLocaleString('en-US')} calls)`,
        once.ms,
        'ms',
        '≤ 300 ms',
        once.ms <= 300,
      )
      add(engine, `/summary ${days} d ${tz}, repeated`, again.ms, 'ms', '≤ 300 ms', again.ms <= 300)
    }
    // A page opened after a quiet spell (longer than the view may be old): its /summary waits
    // for a refresh, unless the page's /meta, asked first, has started one.
    for (const meta of [false, true]) {
      await new Promise((resolve) => setTimeout(resolve, 12_000))
      if (meta) await timed(`${base}/meta`)
      const after = await timed(summaryUrl(365, 'UTC'))
      const how = meta ? 'asked after /meta' : 'alone'
      add(
        engine,
        `/summary 365 d UTC after 12 s quiet, ${how}`,
        after.ms,
        'ms',
        '≤ 300 ms',
        after.ms <= 300,
      )
    }
    const memory = process.memoryUsage()
    add(engine, 'memory after the year (rss of the bench process)', memory.rss / 1e6, 'MB')
    add(engine, 'memory after the year (heap used)', memory.heapUsed / 1e6, 'MB')
    if (DASHBOARD !== undefined) {
      // The year's tool report as a person opens it: the server's summary against the browser's
      // own fold of every /runs page, one after the other on the same server.
      const day = (ms: number) => new Date(ms).toISOString().slice(0, 10)
      const report = `${api.url}/tools?from=${day(END - 365 * DAY)}&to=${day(END - DAY)}&tz=UTC`
      const browser = await launchBrowser()
      const times = await toolReportInBrowser(browser, report, BROWSER_CAP_MS)
      await browser.close()
      const name = (load: ReportLoad, how: string) =>
        load.settled
          ? `year tool report in Chromium, ${how}`
          : `year tool report in Chromium, ${how}: stopped at "${load.progress}"`
      add(engine, name(times.server, 'from /summary'), times.server.ms, 'ms')
      const phase = (label: string, ms: number | null) => {
        if (ms !== null) add(engine, `  from /summary: ${label} (after navigation)`, ms, 'ms')
      }
      phase('/meta answered', times.server.phases.metaAnswered)
      phase('/summary asked', times.server.phases.summaryAsked)
      phase('/summary answered', times.server.phases.summaryAnswered)
      phase('export button in the page', times.server.phases.exportShown)
      const inPage = times.server.phases.settledInPage
      if (inPage !== null) {
        add(
          engine,
          'year tool report in Chromium, from /summary: settled by the page’s clock',
          inPage,
          'ms',
          '≈ 1 s',
          inPage <= 1200,
        )
      }
      add(engine, name(times.fold, 'folded from /runs'), times.fold.ms, 'ms')
    }
    const firstPage = await timed(`${base}/runs?limit=50`)
    add(engine, '/runs first page (50)', firstPage.ms, 'ms')
    let cursor = (JSON.parse(firstPage.body) as { nextCursor: string | null }).nextCursor
    let deep = firstPage
    for (let page = 2; page <= 20 && cursor !== null; page += 1) {
      deep = await timed(`${base}/runs?limit=50&cursor=${encodeURIComponent(cursor)}`)
      cursor = (JSON.parse(deep.body) as { nextCursor: string | null }).nextCursor
    }
    add(engine, '/runs 20th page (50)', deep.ms, 'ms')
    const uuid = (JSON.parse(deep.body) as { runs: { uuid: string }[] }).runs[0]?.uuid ?? ''
    add(engine, '/runs/{uuid}', (await timed(`${base}/runs/${uuid}`)).ms, 'ms')
    await api.close()
  }
  return rows
}
