/**
 * `npm run bench -- fleet`: many installations on the embedded ClickHouse (decision 0017).
 * Seeds the bench installation of `RD_BENCH_FLEET_STEPS` steps (default one million) over a
 * year into SQLite once, then, in a new ClickHouse folder each run: the exporter's first pass
 * (steps per second, its compaction of settled months included), bytes on disk per step, nine
 * copies of it and one installation of ten copies, each compacted as its exporter would (ten
 * installations of one million steps and one of ten million, by default), a year's `/summary`
 * for all of them and for one, a year's `/run-rows`, `/run-list` and `/runs` first pages and one run,
 * `/effect` of 14 days each side, and how long a run the CMS commits takes to show in an answer
 * while the exporter runs every 5 s (its default). Nothing asserted.
 */
import { randomUUID } from 'node:crypto'
import { rmSync } from 'node:fs'
import { parseSummaryParams } from '@/domain/api-query'
import type { MockRun } from '@/mocks/installation'
import { openDatabase } from '@/server/db/open-database'
import { openClickHouse, type ClickHouse } from '@/server/fleet/clickhouse'
import { Exporter } from '@/server/fleet/exporter'
import { fleetEffect } from '@/server/fleet/fleet-effect'
import { fleetRunList } from '@/server/fleet/fleet-run-list'
import { fleetRunRows } from '@/server/fleet/fleet-run-rows'
import { pageOfRunList } from '@/server/view/run-list'
import { fleetEvents, fleetFindRun, fleetPageOfRuns } from '@/server/fleet/fleet-runs'
import { runsJson, runsPageJson } from '@/server/read/runs'
import { keyAlias, PAYLOAD_KEYS } from '@/server/sql/payload-keys'
import { runRowsCursorUid } from '@/server/read/run-rows'
import { fleetSummary } from '@/server/fleet/fleet-summary'
import { compactSettled } from '@/server/fleet/schema'
import { appendRuns } from '@/server/seed/seed-installation'
import { benchDatabase } from './bench-database'
import type { BenchRow } from './harness'
import { BENCH_END, seedBenchInstallation } from './seed-bench'

const STEPS = Number(process.env.RD_BENCH_FLEET_STEPS ?? 1_000_000)
/** Installations of `STEPS` steps each (the exported one and its copies). */
const SMALL = 10
/** Copies of it in the one big installation. */
const BIG_COPIES = 10
const FOLDER = '.bench/fleet-chdb'
const DAY = 86_400_000
/** Far above any uid of the bench installation: copy k's uids start at k × SHIFT. */
const SHIFT = 1_000_000_000
const EVERY_MS = 5_000

const STEP_COLUMNS = 'uid, run, crdate, lround, kind, tool, refusal, is_error, opened_by, version'
const EVENT_COLUMNS = `sequence, kind, round, duration_ms, crdate, lround, is_object, tool_name,
  ${PAYLOAD_KEYS.map(keyAlias).join(', ')}, version`
const RUN_COLUMNS =
  'uid, status, uuid, configuration, started, finished, termination_reason, requeue_count, gone, version'
const ROLLUP_COLUMNS = 'status, gone, first, last, keys, counts, version'
const KEY_COLUMNS = 'key, kind, tool, refusal, is_error, opened_by'
const EXPORT_COLUMNS =
  'settled_uid, top_uid, steps, runs, settings, tools, format, exported_at, version'

/** Copies installation `from` into `to`, its uids (and run uuids) moved by `shift`. */
async function copyInstallation(ch: ClickHouse, from: string, to: string, shift: number) {
  const params = { from, to, shift: BigInt(shift), suffix: `-${shift}` }
  await ch.command(
    `INSERT INTO rd_steps (installation, ${STEP_COLUMNS})
     SELECT {to:String}, uid + {shift:UInt64}, run + {shift:UInt64}, crdate, lround, kind, tool,
       refusal, is_error, opened_by, version
     FROM rd_steps FINAL WHERE installation = {from:String}`,
    params,
  )
  await ch.command(
    `INSERT INTO rd_events (installation, uid, run, ${EVENT_COLUMNS})
     SELECT {to:String}, uid + {shift:UInt64}, run + {shift:UInt64}, ${EVENT_COLUMNS}
     FROM rd_events FINAL WHERE installation = {from:String}`,
    params,
  )
  await ch.command(
    `INSERT INTO rd_runs (installation, ${RUN_COLUMNS})
     SELECT {to:String}, uid + {shift:UInt64}, status, concat(uuid, {suffix:String}),
       configuration, started, finished, termination_reason, requeue_count, gone, version
     FROM rd_runs FINAL WHERE installation = {from:String}`,
    params,
  )
  await ch.command(
    `INSERT INTO rd_run_steps (installation, run, ${ROLLUP_COLUMNS})
     SELECT {to:String}, run + {shift:UInt64}, ${ROLLUP_COLUMNS}
     FROM rd_run_steps FINAL WHERE installation = {from:String}`,
    params,
  )
  await ch.command(
    `INSERT INTO rd_keys (installation, ${KEY_COLUMNS})
     SELECT {to:String}, ${KEY_COLUMNS} FROM rd_keys FINAL WHERE installation = {from:String}`,
    params,
  )
  await ch.command(
    `INSERT INTO rd_exports (installation, ${EXPORT_COLUMNS})
     SELECT {to:String}, ${EXPORT_COLUMNS} FROM rd_exports FINAL WHERE installation = {from:String}`,
    params,
  )
}

const summaryQuery = (fromMs: number, toMs: number) => {
  const params = parseSummaryParams(
    new URLSearchParams({
      from: new Date(fromMs).toISOString(),
      to: new Date(toMs).toISOString(),
      tz: 'UTC',
    }),
  )
  if (!params.ok) throw new Error(params.message)
  return params
}

async function timedSummary(ch: ClickHouse, names: readonly string[]) {
  const started = performance.now()
  const answer = await fleetSummary(ch, names, summaryQuery(BENCH_END - 365 * DAY, BENCH_END))
  return { ms: performance.now() - started, runs: answer.runs }
}

/** A run of one tool call, `at` ms, as the CMS records it (a new uuid on every bench run). */
const freshRun = (at: number): MockRun => ({
  uuid: randomUUID(),
  status: 'completed',
  configuration: 'page-editor',
  startedAt: new Date(at).toISOString(),
  finishedAt: new Date(at + 1000).toISOString(),
  terminationReason: 'completed',
  steps: [
    {
      sequence: 0,
      kind: 'tool',
      round: 1,
      occurredAt: new Date(at).toISOString(),
      durationMs: 5,
      toolName: 'update_page_metadata',
      toolIsError: false,
    },
  ],
})

export async function run(): Promise<BenchRow[]> {
  const rows: BenchRow[] = []
  const add = (figure: string, value: number, unit: string, goal?: string, met?: boolean) => {
    rows.push({ bench: 'fleet', figure, value, unit, goal, met: met ?? null })
    process.stderr.write(`  ${figure}: ${Math.round(value * 10) / 10} ${unit}\n`)
  }
  const { url, fresh } = await benchDatabase('sqlite', `rd_bench_${Math.round(STEPS / 1000)}k`)
  if (fresh) {
    process.stderr.write(`seeding ${STEPS.toLocaleString('en-US')} steps into sqlite…\n`)
    add('seeding (once; kept for later runs)', await seedBenchInstallation(url, STEPS), 's')
  }
  rmSync(FOLDER, { recursive: true, force: true })
  const ch = await openClickHouse(`chdb:${FOLDER}`)
  const reader = openDatabase(url, { write: false, statementTimeoutMs: 600_000 })
  const writer = openDatabase(url, { write: true })
  try {
    const exporter = new Exporter(reader, ch, 'site-01', { builtinTools: [] })
    const started = performance.now()
    const pass = await exporter.pass()
    const seconds = (performance.now() - started) / 1000
    add(
      `export, first pass (${pass.steps.toLocaleString('en-US')} steps, ${pass.runs.toLocaleString('en-US')} runs)`,
      pass.steps / seconds,
      'steps/s',
      '≥ 50,000',
      pass.steps / seconds >= 50_000,
    )
    const [parts] = await ch.query(
      `SELECT sumIf(bytes_on_disk, table = 'rd_steps') AS steps_bytes,
         sumIf(rows, table = 'rd_steps') AS steps,
         sumIf(bytes_on_disk, table = 'rd_events') AS events_bytes,
         sumIf(bytes_on_disk, table IN ('rd_run_steps', 'rd_keys')) AS rollup_bytes
       FROM system.parts WHERE active AND database = currentDatabase()`,
    )
    const steps = Number(parts?.steps)
    add(
      'bytes on disk per step, for the counts (rd_steps)',
      Number(parts?.steps_bytes) / steps,
      'B',
    )
    add(
      '  and for the counts per run (rd_run_steps, rd_keys)',
      Number(parts?.rollup_bytes) / steps,
      'B',
    )
    add('  and for /runs (rd_events)', Number(parts?.events_bytes) / steps, 'B')

    const copying = performance.now()
    const small = ['site-01']
    for (let k = 2; k <= SMALL; k += 1) {
      const name = `site-${String(k).padStart(2, '0')}`
      await copyInstallation(ch, 'site-01', name, k * SHIFT)
      small.push(name)
    }
    for (let k = 1; k <= BIG_COPIES; k += 1) {
      await copyInstallation(ch, 'site-01', 'site-big', (SMALL + k) * SHIFT)
    }
    const all = [...small, 'site-big']
    // What each copy's own exporter does after its passes: its settled months in one part each.
    for (const name of all) await compactSettled(ch, name)
    const made = (performance.now() - copying) / 1000
    process.stderr.write(`  copies made and compacted in ${made.toFixed(1)} s\n`)
    for (const [label, names, goalMs] of [
      [`all ${all.length} installations`, all, 1000],
      ['one installation (the big one)', ['site-big'], 300],
      ['one installation (a small one)', ['site-01'], 300],
    ] as const) {
      const first = await timedSummary(ch, names)
      const again = await timedSummary(ch, names)
      const runs = first.runs.toLocaleString('en-US')
      add(`a year's /summary, ${label} (${runs} runs): first`, first.ms, 'ms')
      const goal = `≤ ${goalMs.toLocaleString('en-US')} ms`
      add(`  the same, again`, again.ms, 'ms', goal, again.ms <= goalMs)
    }

    // The runs list of a year for one installation: its first page of rows, then the next.
    const year = { from: BENCH_END - 365 * DAY, to: BENCH_END, tools: [] }
    for (const name of ['site-big', 'site-01']) {
      const started = performance.now()
      const page = await fleetRunRows(ch, name, year, null, 2000)
      const runs = page.totalRuns.toLocaleString('en-US')
      add(
        `a year's /run-rows of ${name} (${runs} runs): first page`,
        performance.now() - started,
        'ms',
      )
      const next = performance.now()
      await fleetRunRows(ch, name, year, runRowsCursorUid(page.nextCursor ?? ''), 2000)
      add('  its second page', performance.now() - next, 'ms')
    }

    // The sorted runs list of a year (`/run-list`), first page of 50, by three orders: the first
    // makes the range's rows, the others reuse them (kept for an export pass) and sort anew.
    for (const name of ['site-big', 'site-01']) {
      for (const key of ['rounds', 'configuration', 'durationMs'] as const) {
        const started = performance.now()
        const list = await fleetRunList(ch, name, {
          ...year,
          filters: { outcome: null, configuration: null, status: null },
          sort: { key, desc: true },
        })
        await pageOfRunList(list.listed, 0, 50, list.tallies, list.facts)
        const runs = list.listed.rows.length.toLocaleString('en-US')
        add(
          `a year's /run-list of ${name} (${runs} runs) by ${key}: first page`,
          performance.now() - started,
          'ms',
        )
      }
    }

    // `/runs` of a year, first page (the contract's default 200 runs with their steps), a run.
    for (const name of ['site-big', 'site-01']) {
      const started = performance.now()
      const page = await fleetPageOfRuns(ch, name, year, null, 200)
      let text = ''
      for await (const piece of runsPageJson(fleetEvents(ch, name), page)) text += piece
      const runs = page.totalRuns.toLocaleString('en-US')
      add(
        `a year's /runs of ${name} (${runs} runs): first page of 200 (${Math.round(text.length / 1024)} KiB)`,
        performance.now() - started,
        'ms',
      )
      const [first] = page.rows
      const one = performance.now()
      const found = await fleetFindRun(ch, name, String(first?.uuid))
      let run = ''
      for await (const piece of runsJson(fleetEvents(ch, name), found ? [found] : [], 'one'))
        run += piece
      add(`  one run of it (/runs/{uuid}, ${run.length} bytes)`, performance.now() - one, 'ms')
    }

    // `/effect` of the default windows (14 days each side), read and folded run by run.
    const windows = {
      beforeStartMs: BENCH_END - 28 * DAY,
      decisionMs: BENCH_END - 14 * DAY,
      afterEndMs: BENCH_END,
      tools: [],
    }
    for (const [label, names] of [
      ['a small installation', ['site-01']],
      ['the big one', ['site-big']],
      [`all ${all.length}`, all],
    ] as const) {
      const started = performance.now()
      const effect = await fleetEffect(ch, names, windows)
      const runs = effect.before.runs + effect.after.runs
      add(
        `/effect, 14 days each side, ${label} (${runs.toLocaleString('en-US')} runs)`,
        performance.now() - started,
        'ms',
      )
    }

    // A run committed while the exporter runs every 5 s: how long until an answer counts it.
    let stopping = false
    const loop = (async () => {
      while (!stopping) {
        await exporter.pass()
        for (let waited = 0; waited < EVERY_MS && !stopping; waited += 50) {
          await new Promise((resolve) => setTimeout(resolve, 50))
        }
      }
    })()
    const day = summaryQuery(BENCH_END - DAY, BENCH_END)
    const delays: number[] = []
    for (let n = 0; n < 3; n += 1) {
      const before = (await fleetSummary(ch, ['site-01'], day)).runs
      const committed = performance.now()
      await appendRuns(writer, [freshRun(BENCH_END - DAY / 2 + n * 1000)])
      while ((await fleetSummary(ch, ['site-01'], day)).runs === before) {
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
      delays.push(performance.now() - committed)
      // The next one is committed at another moment of the exporter's cycle.
      await new Promise((resolve) => setTimeout(resolve, 1700))
    }
    stopping = true
    await loop
    for (const [i, ms] of delays.entries()) {
      add(
        `fresh run ${i + 1} of 3 counted after the CMS committed it (exporter every 5 s)`,
        ms,
        'ms',
        '≤ 10 s',
        ms <= 10_000,
      )
    }
  } finally {
    await ch.close()
    await writer.close()
    await reader.close()
  }
  return rows
}
