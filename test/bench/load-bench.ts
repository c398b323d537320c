/**
 * `npm run bench -- load`: 50 dashboards loading the tool report at once, against the API server
 * in its own process on loopback (issue 22). Seeds the demo installation at `RD_LOAD_SCALE`
 * (default 20: about 330,000 steps) into each engine of `RD_LOAD_ENGINES` (default
 * sqlite,postgres) once — kept and reused, named after the scale — starts `npm run api` on it,
 * waits for the summary view's first build, then sends with autocannon, bounded in count:
 *
 * - "summary": each dashboard asks what the tool report asks of a server with `/summary`:
 *   `/meta`, `/tools`, `/summary` for a year in Asia/Kolkata (10 rounds each);
 * - "runs pages": each asks `/meta`, `/tools` and the first three `/runs` pages of 500 runs of
 *   the report's 89 days, following `nextCursor`, as the dashboard folds without `/summary`.
 *
 * Prints throughput, p50/p99 latency, errors (goal 0: failed connections, timeouts and any
 * status other than 2xx) and the server's peak RSS (sampled from /proc every 50 ms, and the
 * kernel's high-water mark). Nothing asserted.
 */
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import autocannon, { type Request, type Result } from 'autocannon'
import pg from 'pg'
import { createInstallation } from '@/mocks/installation'
import type { Engine } from '@/server/db/database'
import { openDatabase } from '@/server/db/open-database'
import { seedInstallation } from '@/server/seed/seed-installation'
import { settingsOf } from '@/server/testing/serve-seeded'
import { ENGINE_URLS } from '@/server/testing/engines'
import type { BenchRow } from './harness'
import { memoryOf, startServer } from './server-process'
import { builtinCatalogueFile } from '@/server/seed/catalogue-rows'

const SCALE = Number(process.env.RD_LOAD_SCALE ?? 20)
const ENGINES = (process.env.RD_LOAD_ENGINES ?? 'sqlite,postgres').split(',') as Engine[]
const DASHBOARDS = 50
const NAME = `rd_load_s${String(SCALE).replace('.', '_')}`
const API = '/api/diagnostics/v1'
/** The tool report's default range in the demo installation, as the dashboard sends it. */
const REPORT = { from: '2026-09-01T00:00:00.000Z', to: '2026-11-29T00:00:00.000Z' }
/** A year ending on the demo's last day, local days in Asia/Kolkata. */
const YEAR = {
  from: '2025-11-28T18:30:00.000Z',
  to: '2026-11-28T18:30:00.000Z',
  tz: 'Asia/Kolkata',
}

async function databaseUrl(engine: Engine): Promise<{ url: string; fresh: boolean }> {
  mkdirSync('.bench', { recursive: true })
  if (engine === 'sqlite') {
    const path = `.bench/${NAME}.db`
    return { url: `sqlite:${path}`, fresh: !existsSync(path) }
  }
  if (engine !== 'postgres')
    throw new Error(`The load bench runs on sqlite and postgres, not ${engine}.`)
  const url = new URL(ENGINE_URLS.postgres)
  const client = new pg.Client({ connectionString: url.toString() })
  await client.connect()
  const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [NAME])
  if (found.rowCount === 0) await client.query(`CREATE DATABASE ${NAME}`)
  await client.end()
  url.pathname = `/${NAME}`
  return { url: url.toString(), fresh: found.rowCount === 0 }
}

/** Seeds the installation (once per database) and writes its catalogue and settings files. */
async function prepare(engine: Engine, rows: BenchRow[]): Promise<{ url: string; args: string[] }> {
  const installation = createInstallation({ scale: SCALE, seed: 1 })
  const { url, fresh } = await databaseUrl(engine)
  if (fresh) {
    process.stderr.write(`seeding scale ${SCALE} into ${engine}…\n`)
    const started = performance.now()
    const db = openDatabase(url, { write: true, statementTimeoutMs: 600_000 })
    const report = await seedInstallation(db, installation)
    await db.close()
    rows.push(
      row(
        engine,
        `seeded once (${report.runs} runs, ${report.events} events)`,
        (performance.now() - started) / 1000,
        's',
      ),
    )
  }
  const tools = `.bench/${NAME}-tools.json`
  const settings = `.bench/${NAME}-settings.json`
  writeFileSync(tools, JSON.stringify(builtinCatalogueFile(installation)))
  writeFileSync(settings, JSON.stringify(settingsOf(installation)))
  return { url, args: ['--tools', tools, '--settings', settings] }
}

const query = (params: Record<string, string>): string => new URLSearchParams(params).toString()

/** The requests one dashboard sends for the tool report, by scenario. */
const SCENARIOS: { name: string; requests: () => Request[]; rounds: number }[] = [
  {
    name: 'summary',
    rounds: 10,
    requests: () => [
      { path: `${API}/meta` },
      { path: `${API}/tools` },
      { path: `${API}/summary?${query(YEAR)}` },
    ],
  },
  {
    name: 'runs pages',
    rounds: 1,
    requests: () => {
      const first = `${API}/runs?${query({ ...REPORT, limit: '500' })}`
      const keep = (status: number, body: string, context: Record<string, unknown>) => {
        context.cursor = null
        if (status !== 200) return
        try {
          context.cursor = (JSON.parse(body) as { nextCursor: unknown }).nextCursor
        } catch {
          // A cut answer: autocannon counts the failed connection; this dashboard starts again.
        }
      }
      const next: Request = {
        // The last page had no next one: this dashboard starts again from /meta.
        setupRequest: (request, context) =>
          typeof context.cursor === 'string'
            ? { ...request, path: `${first}&cursor=${encodeURIComponent(context.cursor)}` }
            : null,
        onResponse: keep,
      }
      return [
        { path: `${API}/meta` },
        { path: `${API}/tools` },
        { path: first, onResponse: keep },
        next,
        { ...next },
      ]
    },
  },
]

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

export async function run(): Promise<BenchRow[]> {
  const rows: BenchRow[] = []
  for (const engine of ENGINES) {
    const { url, args } = await prepare(engine, rows)
    // A state folder of its own, emptied: the figure below is the first count, as on a new server.
    const state = `.bench/state-load-${engine}`
    rmSync(state, { recursive: true, force: true })
    const started = performance.now()
    const server = await startServer(url, [...args, '--state', state])
    const pid = server.child.pid ?? 0
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
      for (const scenario of SCENARIOS) {
        const requests = scenario.requests()
        let peak = 0
        const sampler = setInterval(() => {
          peak = Math.max(peak, memoryOf(pid).rss)
        }, 50)
        let result: Result
        try {
          result = await autocannon({
            url: server.base,
            connections: DASHBOARDS,
            amount: DASHBOARDS * requests.length * scenario.rounds,
            timeout: 60,
            requests,
          })
        } finally {
          clearInterval(sampler)
        }
        const errors = result.errors + result.timeouts + result.non2xx
        const label = `${DASHBOARDS} dashboards, ${scenario.name}`
        rows.push(row(engine, `${label}: requests answered`, result['2xx'], 'requests'))
        rows.push(row(engine, `${label}: throughput`, result.requests.average, 'req/s'))
        rows.push(row(engine, `${label}: throughput`, result.throughput.average / 1e6, 'MB/s'))
        rows.push(row(engine, `${label}: latency p50`, result.latency.p50, 'ms'))
        rows.push(row(engine, `${label}: latency p99`, result.latency.p99, 'ms'))
        rows.push(
          row(engine, `${label}: errors, timeouts, non-2xx`, errors, 'requests', '0', errors === 0),
        )
        // What the errors were: a 503 (with Retry-After) asks the dashboard to wait and resume.
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
        rows.push(row(engine, `${label}: server peak RSS (sampled)`, peak, 'MB'))
      }
      rows.push(row(engine, 'server RSS high-water mark (since start)', memoryOf(pid).hwm, 'MB'))
    } finally {
      server.child.kill('SIGTERM')
    }
  }
  return rows
}
