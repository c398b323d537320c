/**
 * `npm run bench -- load`: many dashboards at once, and the server at its busiest, against the
 * API server in its own process on loopback (decision 0024). Seeds the demo installation at
 * `RD_LOAD_SCALE` (default 20: about 330,000 steps) plus one run of 300,000 steps into each
 * engine of `RD_LOAD_ENGINES` (default sqlite,postgres,mysql) once — kept and reused, named
 * after the scale — starts the server on it, waits for the summary view's first build, then:
 *
 * - "dashboards": 50 connections for 20 s, each sending what a dashboard's pages send, one mix
 *   per run: the overview (`/meta`, `/tools`, the chart's `/summary`, `/effect` of the default
 *   windows); the tool report (`/meta`, `/tools`, `/summary` for a year in Asia/Kolkata) and a run
 *   page (`/runs/{uuid}`); then the runs list's pages of 100 of the report's 89 days from
 *   `/run-list`, newest first and by rounds; then, without a goal, the first page of 500 runs with
 *   every step of `/runs` (what the runs list asks of an installation without it);
 * - "busiest": for 20 s, four connections ask for the 300,000-step run (43 MB each) and four
 *   for `/summary` from year 1 to a day after the data, another day each time so none is an
 *   answer kept from before, while one client asks `/meta` in turn: how long a page's first
 *   question waits while the heaviest answers are made.
 *
 * Prints throughput, p50/p99 latency, errors (goal 0: failed connections, timeouts and any
 * status other than 2xx), `/meta`'s latency under the heavy load and the server's peak RSS
 * (sampled from /proc every 50 ms, and the kernel's high-water mark). Nothing asserted.
 */
import { writeFileSync, rmSync } from 'node:fs'
import autocannon, { type Request, type Result } from 'autocannon'
import { createInstallation, type MockRun, type MockStep } from '@/mocks/installation'
import type { Engine } from '@/server/db/database'
import { openDatabase } from '@/server/db/open-database'
import { appendRuns, seedInstallation } from '@/server/seed/seed-installation'
import { settingsOf } from '@/server/testing/serve-seeded'
import { builtinCatalogueFile } from '@/server/seed/catalogue-rows'
import { benchDatabase } from './bench-database'
import type { BenchRow } from './harness'
import { memoryOf, startServer } from './server-process'

const SCALE = Number(process.env.RD_LOAD_SCALE ?? 20)
const ENGINES = (process.env.RD_LOAD_ENGINES ?? 'sqlite,postgres,mysql').split(',') as Engine[]
const DASHBOARDS = 50
const SECONDS = 20
const NAME = `rd_load_s${String(SCALE).replace('.', '_')}_big`
const API = '/api/diagnostics/v1'
/** The tool report's default range in the demo installation, as the dashboard sends it. */
const REPORT = { from: '2026-09-01T00:00:00.000Z', to: '2026-11-29T00:00:00.000Z' }
/** A year ending on the demo's last day, local days in Asia/Kolkata. */
const YEAR = {
  from: '2025-11-28T18:30:00.000Z',
  to: '2026-11-28T18:30:00.000Z',
  tz: 'Asia/Kolkata',
}
/** The overview's default windows: 14 days on each side of the demo's decision date. */
const WINDOWS = {
  from: '2026-10-22T09:00:00.000Z',
  decision: '2026-11-05T09:00:00.000Z',
  to: '2026-11-19T09:00:00.000Z',
}
/** The overview's chart of those windows' days. */
const CHART = { from: '2026-10-22T00:00:00.000Z', to: '2026-11-20T00:00:00.000Z', tz: 'UTC' }
/** One run of 300,000 steps, in the year but before the report's range (as in huge-run.test). */
const BIG_STEPS = 300_000
const BIG_START = Date.UTC(2026, 2, 3)
function bigStep(i: number): MockStep {
  const occurredAt = new Date(BIG_START + i * 1000).toISOString()
  const base = { sequence: i, round: Math.floor(i / 3) + 1, occurredAt, durationMs: 3 }
  if (i % 3 === 0) return { ...base, kind: 'llm' }
  const tool: MockStep = {
    ...base,
    kind: 'tool',
    toolName: i % 2 === 0 ? 'get_tca' : 'update_page_metadata',
    toolIsError: i % 11 === 0,
  }
  if (i % 13 === 0) tool.toolRefusal = 'arguments'
  return tool
}
const BIG: MockRun = {
  uuid: '30000000-0000-4000-8000-000000300000',
  status: 'completed',
  configuration: 'page-editor',
  startedAt: new Date(BIG_START).toISOString(),
  finishedAt: new Date(BIG_START + BIG_STEPS * 1000).toISOString(),
  terminationReason: 'completed',
  steps: Array.from({ length: BIG_STEPS }, (_, i) => bigStep(i)),
}

/** Seeds the installation (once per database) and writes its catalogue and settings files. */
async function prepare(
  engine: Engine,
  rows: BenchRow[],
): Promise<{ url: string; args: string[]; smallRun: string }> {
  const installation = createInstallation({ scale: SCALE, seed: 1 })
  const { url, fresh } = await benchDatabase(engine, NAME)
  if (fresh) {
    process.stderr.write(`seeding scale ${SCALE} and a run of ${BIG_STEPS} steps into ${engine}…\n`)
    const started = performance.now()
    const db = openDatabase(url, { write: true, statementTimeoutMs: 600_000 })
    const report = await seedInstallation(db, installation)
    await appendRuns(db, [BIG])
    await db.close()
    rows.push(
      row(
        engine,
        `seeded once (${report.runs + 1} runs, ${report.events + BIG_STEPS} events)`,
        (performance.now() - started) / 1000,
        's',
      ),
    )
  }
  const tools = `.bench/${NAME}-tools.json`
  const settings = `.bench/${NAME}-settings.json`
  writeFileSync(tools, JSON.stringify(builtinCatalogueFile(installation)))
  writeFileSync(settings, JSON.stringify(settingsOf(installation)))
  const recent = installation.queryRuns(
    { from: Date.parse(REPORT.from), to: Date.parse(REPORT.to), tools: [] },
    null,
    1,
  )
  return {
    url,
    args: ['--tools', tools, '--settings', settings],
    smallRun: recent.runs[0]?.uuid ?? BIG.uuid,
  }
}

const query = (params: Record<string, string>): string => new URLSearchParams(params).toString()

/**
 * What one dashboard sends, by page. The overview asks its chart of `/summary` and its windows
 * of `/effect` (decision 0027); the tool report and a run page ask `/summary` and the run; the
 * runs list asks `/run-list` (decision 0028), 100 rows a page. Pages of `/runs` with every step
 * of 500 runs (1.7 MB at scale 20), as an installation without `/run-rows` is asked, are
 * measured without a goal.
 */
const DASHBOARD_MIXES: {
  name: string
  requests: (smallRun: string) => Request[]
  goal: boolean
}[] = [
  {
    name: 'overview (chart and /effect of the default windows)',
    goal: true,
    requests: () => [
      { path: `${API}/meta` },
      { path: `${API}/tools` },
      { path: `${API}/summary?${query(CHART)}` },
      { path: `${API}/effect?${query(WINDOWS)}` },
    ],
  },
  {
    name: 'tool report and a run',
    goal: true,
    requests: (smallRun) => [
      { path: `${API}/meta` },
      { path: `${API}/tools` },
      { path: `${API}/summary?${query(YEAR)}` },
      { path: `${API}/runs/${smallRun}` },
    ],
  },
  {
    name: 'runs list, a page of 100 from /run-list (newest first, then by rounds)',
    goal: true,
    requests: () => [
      { path: `${API}/meta` },
      { path: `${API}/tools` },
      { path: `${API}/run-list?${query({ ...REPORT, limit: '100' })}` },
      { path: `${API}/run-list?${query({ ...REPORT, sort: 'rounds', offset: '100' })}` },
    ],
  },
  {
    name: 'runs list folded from /runs (no /run-rows), first page of 500 runs with their steps',
    goal: false,
    requests: () => [
      { path: `${API}/meta` },
      { path: `${API}/tools` },
      { path: `${API}/runs?${query({ ...REPORT, limit: '500' })}` },
    ],
  },
]

/** `/summary` from year 1 to a day after the data, another each time: every one is folded. */
const allTimeSummary: Request = {
  setupRequest: (request) => {
    const to = new Date(Date.UTC(2026, 11, 1) + Math.floor(Math.random() * 1e6) * 86_400_000)
    return {
      ...request,
      path: `${API}/summary?${query({ from: '0001-01-01T00:00:00.000Z', to: to.toISOString(), tz: 'UTC' })}`,
    }
  },
}

const row = (
  engine: Engine,
  figure: string,
  value: number,
  unit: string,
  goal?: string,
  met?: boolean,
): BenchRow => ({
  bench: `load ${engine}`,
  figure,
  value,
  unit,
  goal,
  met: met ?? null,
})

/** Samples the server's RSS every 50 ms until stopped; returns the highest seen. */
function samplePeak(pid: number): () => number {
  let peak = 0
  const sampler = setInterval(() => {
    peak = Math.max(peak, memoryOf(pid).rss)
  }, 50)
  return () => {
    clearInterval(sampler)
    return peak
  }
}

/** The error rows of an autocannon result: the count (goal 0) and, when any, what they were. */
function errorRows(engine: Engine, label: string, result: Result, goal = true): BenchRow[] {
  const errors = result.errors + result.timeouts + result.non2xx
  const figure = `${label}: errors, timeouts, non-2xx`
  const rows = [
    goal
      ? row(engine, figure, errors, 'requests', '0', errors === 0)
      : row(engine, figure, errors, 'requests'),
  ]
  const statuses = Object.entries(result.statusCodeStats ?? {})
    .filter(([code]) => !code.startsWith('2'))
    .map(([code, stat]) => `${code}: ${stat.count}`)
  if (errors > 0)
    rows.push(
      row(
        engine,
        `${label}: of which failed connections ${result.errors}, timeouts ${result.timeouts}${statuses.length > 0 ? `, ${statuses.join(', ')}` : ''}`,
        errors,
        'requests',
      ),
    )
  return rows
}

/** Asks `/meta` one after another until `until`; returns each answer's time in ms. */
async function probeMeta(base: string, until: number): Promise<{ ms: number[]; failed: number }> {
  const ms: number[] = []
  let failed = 0
  while (Date.now() < until) {
    const started = performance.now()
    try {
      const answer = await fetch(`${base}${API}/meta`, { signal: AbortSignal.timeout(30_000) })
      await answer.arrayBuffer()
      if (!answer.ok) failed += 1
    } catch {
      failed += 1
    }
    ms.push(performance.now() - started)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return { ms, failed }
}

const quantile = (sorted: number[], q: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN

export async function run(): Promise<BenchRow[]> {
  const rows: BenchRow[] = []
  for (const engine of ENGINES) {
    const { url, args, smallRun } = await prepare(engine, rows)
    // A state folder of its own, emptied: the figure below is the first count, as on a new server.
    const state = `.bench/state-load-${engine}`
    rmSync(state, { recursive: true, force: true })
    const started = performance.now()
    const server = await startServer(url, [...args, '--state', state])
    const pid = server.child.pid ?? 0
    let peak = 0
    let phasePeak = 0
    try {
      await server.built
      rows.push(
        row(
          engine,
          'start until the summary view is built',
          (performance.now() - started) / 1000,
          's',
        ),
      )
      rows.push(row(engine, 'server RSS before the load', memoryOf(pid).rss, 'MB'))

      for (const mix of DASHBOARD_MIXES) {
        const label = `${DASHBOARDS} dashboards for ${SECONDS} s, ${mix.name}`
        const stop = samplePeak(pid)
        const result = await Promise.resolve(
          autocannon({
            url: server.base,
            connections: DASHBOARDS,
            duration: SECONDS,
            timeout: 60,
            requests: mix.requests(smallRun),
          }),
        ).finally(() => (phasePeak = stop()))
        peak = Math.max(peak, phasePeak)
        const p99 = result.latency.p99
        rows.push(row(engine, `${label}: server peak RSS`, phasePeak, 'MB'))
        rows.push(row(engine, `${label}: requests answered`, result['2xx'], 'requests'))
        rows.push(row(engine, `${label}: throughput`, result.requests.average, 'req/s'))
        rows.push(row(engine, `${label}: latency p50`, result.latency.p50, 'ms'))
        rows.push(
          mix.goal
            ? row(engine, `${label}: latency p99`, p99, 'ms', '≤ 1,000', p99 <= 1000)
            : row(engine, `${label}: latency p99`, p99, 'ms'),
        )
        rows.push(...errorRows(engine, label, result, mix.goal))
      }

      const busy = `busiest (4 × the ${BIG_STEPS.toLocaleString('en-US')}-step run, 4 × /summary from year 1)`
      const stop = samplePeak(pid)
      const heavy = (request: Request) =>
        autocannon({
          url: server.base,
          connections: 4,
          duration: SECONDS,
          timeout: 120,
          requests: [request],
        })
      const [bigRuns, allTime, meta] = await Promise.all([
        heavy({ path: `${API}/runs/${BIG.uuid}` }),
        heavy(allTimeSummary),
        probeMeta(server.base, Date.now() + SECONDS * 1000),
      ]).finally(() => (phasePeak = stop()))
      peak = Math.max(peak, phasePeak)
      rows.push(row(engine, `${busy}: server peak RSS`, phasePeak, 'MB'))
      rows.push(row(engine, `${busy}: big runs answered`, bigRuns['2xx'], 'requests'))
      rows.push(row(engine, `${busy}: /summary answered`, allTime['2xx'], 'requests'))
      rows.push(...errorRows(engine, `${busy}, big runs`, bigRuns))
      rows.push(...errorRows(engine, `${busy}, /summary`, allTime))
      const sorted = [...meta.ms].sort((a, b) => a - b)
      const p99 = quantile(sorted, 0.99)
      rows.push(row(engine, `${busy}: /meta asked`, meta.ms.length, 'requests'))
      rows.push(row(engine, `${busy}: /meta p50`, quantile(sorted, 0.5), 'ms'))
      rows.push(row(engine, `${busy}: /meta p99`, p99, 'ms', '≤ 100', p99 <= 100))
      rows.push(row(engine, `${busy}: /meta slowest`, sorted.at(-1) ?? Number.NaN, 'ms'))
      rows.push(
        row(engine, `${busy}: /meta failed`, meta.failed, 'requests', '0', meta.failed === 0),
      )
      rows.push(
        row(engine, 'server peak RSS under load (sampled)', peak, 'MB', '≤ 500', peak <= 500),
      )
      rows.push(row(engine, 'server RSS high-water mark (since start)', memoryOf(pid).hwm, 'MB'))
    } finally {
      await server.stop()
    }
  }
  return rows
}
