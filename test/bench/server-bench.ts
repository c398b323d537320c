/**
 * `npm run bench -- server`: the API server, in its own process, over a busy installation's
 * tables (decisions 0015, 0022). Seeds `RD_BENCH_STEPS` steps (default ten million) spread over a year
 * into each engine of `RD_BENCH_ENGINES` (default sqlite,postgres,mysql) once — the database is
 * kept and reused, named after the step count — then prints, per engine: the first count of
 * the installation (a new state folder: `/summary` answers `503 counting` with its progress until
 * done); `/summary` for 7 days, 90 days and a year in UTC and Asia/Kolkata, first and repeated;
 * the year after 12 s without requests, alone and after `/meta` as a page asks; the server's
 * memory after the year's answer; with `dist/` built, the year's tool report in Chromium from
 * `/summary` (by the driver's clock and by the page's own) and folded from `/runs`, and the runs
 * list of four weeks from `/run-rows` and folded from `/runs`, the overview of 14 and of 183 days
 * each side from `/effect` and folded from `/runs`; `/runs` first
 * and 20th page; `/runs/{uuid}`; the runs list of four weeks and of a year from `/run-rows`
 * (first page, every page); the state on disk; then a restart on that state: until
 * listening, and the year's `/summary` right after (never a 503). Nothing asserted.
 */
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'
import type { Engine } from '@/server/db/database'
import { launchBrowser } from '../e2e/browser'
import { benchDatabase } from './bench-database'
import { BENCH_END, seedBenchInstallation } from './seed-bench'
import type { BenchRow } from './harness'
import { memoryOf, SERVER_ENTRY, startServer, type ServerProcess } from './server-process'
import { downloadInBrowser } from './download-in-browser'
import { servedPageInBrowser, toolReportInBrowser, type ReportLoad } from './tool-report-in-browser'

const STEPS = Number(process.env.RD_BENCH_STEPS ?? 10_000_000)
const ENGINES = (process.env.RD_BENCH_ENGINES ?? 'sqlite,postgres,mysql').split(',') as Engine[]
const NAME = `rd_bench_${Math.round(STEPS / 1000)}k`
const DAY = 86_400_000
const END = BENCH_END
/** The production build the server can serve, for the browser's figures (skipped without it). */
const DASHBOARD = existsSync('dist/index.html') ? 'dist' : undefined
/** How long the browser's own fold may run before it is stopped and its progress printed. */
const BROWSER_CAP_MS = Number(process.env.RD_BENCH_BROWSER_CAP_S ?? 600) * 1000

async function timed(url: string): Promise<{ ms: number; status: number; body: string }> {
  const started = performance.now()
  const response = await fetch(url)
  const body = await response.text()
  return { ms: performance.now() - started, status: response.status, body }
}

/** Every page of a `/run-rows` question, one after the other: how long, how many, how big. */
async function runRows(url: string) {
  const started = performance.now()
  let firstMs = 0
  let pages = 0
  let bytes = 0
  let runs = 0
  let cursor: string | null = null
  do {
    const page = await timed(cursor === null ? url : `${url}&cursor=${encodeURIComponent(cursor)}`)
    if (page.status !== 200) throw new Error(`/run-rows answered ${page.status}: ${page.body}`)
    if (pages === 0) firstMs = performance.now() - started
    pages += 1
    bytes += page.body.length
    const body = JSON.parse(page.body) as { nextCursor: string | null; totalRuns: number }
    cursor = body.nextCursor
    runs = body.totalRuns
  } while (cursor !== null)
  return { firstMs, allMs: performance.now() - started, pages, bytes, runs }
}

/**
 * A streamed CSV: until its first bytes arrive, until its end, how big, and the highest resident
 * memory of the server (`pid`) seen while it streamed.
 */
async function streamedCsv(url: string, pid: number) {
  const started = performance.now()
  const response = await fetch(url)
  if (response.status !== 200 || response.body === null) {
    throw new Error(`the CSV answered ${response.status}: ${await response.text()}`)
  }
  let firstMs: number | null = null
  let bytes = 0
  let peakRss = memoryOf(pid).rss
  let lastLook = 0
  const reader = response.body.getReader()
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    const chunk = read.value
    firstMs ??= performance.now() - started
    bytes += (chunk as Uint8Array).byteLength
    if (performance.now() - lastLook > 100) {
      peakRss = Math.max(peakRss, memoryOf(pid).rss)
      lastLook = performance.now()
    }
  }
  return { firstMs: firstMs ?? 0, allMs: performance.now() - started, bytes, peakRss }
}

/** Bytes of the files in `dir`. */
const sizeOf = (dir: string): number =>
  readdirSync(dir).reduce((total, name) => total + statSync(join(dir, name)).size, 0)

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

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
  process.stderr.write(`the server runs as: node ${SERVER_ENTRY.join(' ')}\n`)
  for (const engine of ENGINES) {
    const { url, fresh } = await benchDatabase(engine, NAME)
    if (fresh) {
      process.stderr.write(`seeding ${STEPS.toLocaleString('en-US')} steps into ${engine}…\n`)
      add(
        engine,
        'seeding (once; kept for later runs)',
        await seedBenchInstallation(url, STEPS),
        's',
      )
    }
    // A new state folder: the first count of the installation, as on a new server.
    const state = `.bench/state-server-${engine}`
    rmSync(state, { recursive: true, force: true })
    const args = ['--statement-timeout', '120000', '--state', state]
    if (DASHBOARD !== undefined) args.push('--dashboard', DASHBOARD)
    let started = performance.now()
    let server: ServerProcess = await startServer(url, args)
    add(engine, 'new state: start until listening', performance.now() - started, 'ms')
    const summaryUrl = (days: number, tz: string) => {
      const offset = tz === 'UTC' ? 0 : 5.5 * 3_600_000
      const to = END - offset
      const from = to - days * DAY
      return `${server.base}/api/diagnostics/v1/summary?from=${new Date(from).toISOString()}&to=${new Date(to).toISOString()}&tz=${encodeURIComponent(tz)}`
    }
    // Asked as the dashboard asks during the first count: 503 `counting` with progress, until done.
    const shares: number[] = []
    let answered = await timed(summaryUrl(365, 'UTC'))
    while (answered.status === 503) {
      const share = (JSON.parse(answered.body) as { progress?: number }).progress
      if (share !== undefined) shares.push(share)
      await sleep(1000)
      answered = await timed(summaryUrl(365, 'UTC'))
    }
    const built = (performance.now() - started) / 1000
    add(
      engine,
      `first count, start until a year's /summary (status ${answered.status})`,
      built,
      's',
    )
    const progress = shares.map((share) => `${Math.floor(share * 100)} %`)
    const seen =
      progress.length > 6 ? [...progress.slice(0, 3), '…', ...progress.slice(-3)] : progress
    add(
      engine,
      `  503 counting answers meanwhile (progress ${seen.join(', ') || 'none'})`,
      shares.length,
      'answers',
    )
    for (const { days, tz } of [7, 90, 365].flatMap((d) =>
      ['UTC', 'Asia/Kolkata'].map((z) => ({ days: d, tz: z })),
    )) {
      const once = await timed(summaryUrl(days, tz))
      const again = await timed(summaryUrl(days, tz))
      const parsed = JSON.parse(again.body) as { rows?: { calls: number }[] }
      const calls = (parsed.rows ?? []).reduce((total, row) => total + row.calls, 0)
      add(
        engine,
        `/summary ${days} d ${tz}, first (${calls.toLocaleString('en-US')} calls)`,
        once.ms,
        'ms',
      )
      add(engine, `/summary ${days} d ${tz}, repeated`, again.ms, 'ms', '≤ 100 ms', again.ms <= 100)
    }
    // A page opened after a quiet spell (longer than the view may be old): its /summary waits
    // for a refresh, unless the page's /meta, asked first, has started one.
    for (const meta of [false, true]) {
      await sleep(12_000)
      if (meta) await timed(`${server.base}/api/diagnostics/v1/meta`)
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
    const pid = server.child.pid ?? 0
    const memory = memoryOf(pid)
    add(engine, 'server RSS after the year', memory.rss, 'MB', '≤ 250 MB', memory.rss <= 250)
    add(engine, 'server RSS high-water mark (first count included)', memory.hwm, 'MB')
    if (DASHBOARD !== undefined) {
      // The year's tool report as a person opens it: the server's summary against the browser's
      // own fold of every /runs page, one after the other on the same server.
      const day = (ms: number) => new Date(ms).toISOString().slice(0, 10)
      const report = `${server.base}/tools?from=${day(END - 365 * DAY)}&to=${day(END - DAY)}&tz=UTC`
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
      // The runs list of four weeks: a page sorted by the server, then (told /run-list is not
      // offered) every row from /run-rows.
      const list = `${server.base}/runs?from=${day(END - 28 * DAY)}&to=${day(END - DAY)}&tz=UTC`
      const listBrowser = await launchBrowser()
      const lists = await toolReportInBrowser(listBrowser, list, BROWSER_CAP_MS, {
        exportLabel: 'Export runs',
        endpoint: 'run-list',
      })
      for (const [load, how] of [
        [lists.server, 'a page from /run-list'],
        [lists.fold, 'every row from /run-rows'],
      ] as const) {
        const what = load.settled
          ? `4-week runs list in Chromium, ${how}: settled by the page’s clock`
          : `4-week runs list in Chromium, ${how}: stopped at "${load.progress}"`
        add(engine, what, load.phases.settledInPage ?? load.ms, 'ms')
      }
      // A year's runs list sorted by a column, its first page shown (the goal).
      for (const sort of ['rounds', 'configuration', 'duration']) {
        const yearList = `${server.base}/runs?from=${day(END - 365 * DAY)}&to=${day(END - DAY)}&tz=UTC&sort=${sort}&dir=desc`
        const load = await servedPageInBrowser(listBrowser, yearList, BROWSER_CAP_MS, {
          exportLabel: 'Export runs',
          endpoint: 'run-list',
        })
        const ms = load.phases.settledInPage ?? load.ms
        add(
          engine,
          `a year's runs list by ${sort} in Chromium, from /run-list: first page shown by the page’s clock`,
          ms,
          'ms',
          '≤ 1 s',
          load.settled && ms <= 1000,
        )
        const phases = load.phases
        for (const [label, at] of [
          ['/meta answered', phases.metaAnswered],
          ['/run-list asked', phases.summaryAsked],
          ['/run-list answered', phases.summaryAnswered],
        ] as const) {
          if (at !== null) add(engine, `  by ${sort}: ${label} (after navigation)`, at, 'ms')
        }
      }
      // Four weeks' runs CSV downloaded from the page: the page's heap stays flat.
      const file = await downloadInBrowser(listBrowser, list, 'Export runs', BROWSER_CAP_MS)
      const mb = (n: number) => Math.round(n * 10) / 10
      const size = `${(file.bytes / 1e6).toFixed(1)} MB`
      add(
        engine,
        `4-week runs CSV downloaded in Chromium (${size}): page heap before`,
        mb(file.heapBefore),
        'MB',
      )
      add(
        engine,
        `  page heap at most while the file came (flat: grew by less than half the file)`,
        mb(file.heapPeak),
        'MB',
        'flat',
        file.heapPeak - file.heapBefore < file.bytes / 1e6 / 2,
      )
      add(engine, `  page heap after`, mb(file.heapAfter), 'MB')
      add(engine, `  the download, click to file saved`, file.ms, 'ms')
      await listBrowser.close()
    }
    if (DASHBOARD !== undefined) {
      // The overview as a person opens it: its windows counted by the server's /effect, then
      // every step of both windows folded here (the page told /effect is not offered).
      for (const [days, goal] of [
        [14, 2000],
        [183, 5000],
      ] as const) {
        const since = new Date(END - days * DAY).toISOString().slice(0, 10)
        const overview = `${server.base}/?tz=UTC&since=${since}&window=${days}`
        const overviewBrowser = await launchBrowser()
        const loads = await toolReportInBrowser(overviewBrowser, overview, BROWSER_CAP_MS, {
          exportLabel: 'Export comparison',
          endpoint: 'effect',
        })
        await overviewBrowser.close()
        const label = `overview, ${days} days each side, in Chromium`
        const settledMs = (load: ReportLoad) => load.phases.settledInPage ?? load.ms
        const byServer = loads.server.settled
          ? `${label}, from /effect: every figure final by the page’s clock`
          : `${label}, from /effect: stopped at "${loads.server.progress}"`
        const ms = settledMs(loads.server)
        add(engine, byServer, ms, 'ms', `≤ ${goal / 1000} s`, loads.server.settled && ms <= goal)
        const answered = loads.server.phases.summaryAnswered
        if (answered !== null) add(engine, `  from /effect: /effect answered`, answered, 'ms')
        const folded = loads.fold.settled
          ? `${label}, folded from /runs: every figure final by the page’s clock`
          : `${label}, folded from /runs: stopped at "${loads.fold.progress}"`
        add(engine, folded, settledMs(loads.fold), 'ms')
      }
    }
    const base = `${server.base}/api/diagnostics/v1`
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
    for (const days of [28, 365]) {
      const range = new URLSearchParams({
        from: new Date(END - days * DAY).toISOString(),
        to: new Date(END).toISOString(),
        limit: '2000',
      })
      const rows = await runRows(`${base}/run-rows?${range}`)
      const what = `the runs list of ${days} days from /run-rows (${rows.runs.toLocaleString('en-US')} runs, ${rows.pages} pages of 2,000, ${(rows.bytes / 1e6).toFixed(1)} MB)`
      // Not the goal (a year sorted by any column, first page shown): an unsorted page.
      add(engine, `${what}: first page`, rows.firstMs, 'ms')
      add(engine, `${what}: every page`, rows.allMs, 'ms')
    }
    // The runs list sorted, filtered and paged by the server (decision 0028): a year's first
    // page by every column (each a new list), one again (kept), and four weeks' CSV streamed.
    const wholeYear = new URLSearchParams({
      from: new Date(END - 365 * DAY).toISOString(),
      to: new Date(END).toISOString(),
    })
    for (const sort of ['started', 'rounds', 'configuration', 'refusedArguments', 'duration']) {
      for (const dir of sort === 'started' ? ['desc', 'asc'] : ['desc']) {
        const page = await timed(`${base}/run-list?${wholeYear}&sort=${sort}&dir=${dir}&limit=100`)
        const total = (JSON.parse(page.body) as { totalRuns?: number }).totalRuns ?? 0
        add(
          engine,
          `a year's runs list by ${sort} ${dir} (${total.toLocaleString('en-US')} runs): first page of /run-list`,
          page.ms,
          'ms',
          '≤ 1 s',
          page.status === 200 && page.ms <= 1000,
        )
      }
    }
    const again = await timed(
      `${base}/run-list?${wholeYear}&sort=rounds&dir=desc&offset=100&limit=100`,
    )
    add(engine, `  the same list's second page`, again.ms, 'ms')
    const refused = await timed(
      `${base}/run-list?${wholeYear}&outcome=refused-arguments&sort=duration&dir=asc&limit=100`,
    )
    add(engine, `  refused for arguments, by duration: first page`, refused.ms, 'ms')
    const weeks = new URLSearchParams({
      from: new Date(END - 28 * DAY).toISOString(),
      to: new Date(END).toISOString(),
      format: 'csv',
      tz: 'UTC',
    })
    const csv = await streamedCsv(`${base}/run-list?${weeks}`, server.child.pid ?? 0)
    const size = `${(csv.bytes / 1e6).toFixed(1)} MB`
    add(
      engine,
      `4 weeks' runs CSV from /run-list (${size}): first byte`,
      csv.firstMs,
      'ms',
      '≤ 1 s',
      csv.firstMs <= 1000,
    )
    add(engine, `  every byte`, csv.allMs, 'ms')
    add(engine, `  server RSS at most while it streamed`, csv.peakRss, 'MB')
    // Stopped as an operator stops it (the view is saved), then started again on its state.
    await server.stop()
    add(engine, 'state on disk', sizeOf(state) / 1e6, 'MB')
    started = performance.now()
    server = await startServer(url, args)
    const listening = performance.now() - started
    add(engine, 'restart: start until listening', listening, 'ms')
    const year = await timed(summaryUrl(365, 'UTC'))
    const restart = performance.now() - started
    add(
      engine,
      `restart: start until a year's /summary answered (status ${year.status})`,
      restart,
      'ms',
      '≤ 2 s, never a 503',
      restart <= 2000 && year.status === 200,
    )
    add(engine, 'restart: that /summary alone', year.ms, 'ms')
    const read = /summary view: (read .*|not using .*|cannot read .*)/.exec(server.log())?.[1]
    if (read !== undefined) process.stderr.write(`  ${engine}: summary view: ${read}\n`)
    add(
      engine,
      'restart: server RSS after the year',
      memoryOf(server.child.pid ?? 0).rss,
      'MB',
      '≤ 250 MB',
    )
    await server.stop()
  }
  return rows
}
