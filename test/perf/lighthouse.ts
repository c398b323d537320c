/**
 * Decision 0011, in the browser: Lighthouse 12.2.3 (performance + accessibility) with Debian's Chromium
 * on every page of the built demo (overview, tool report, runs list, a run, checker), served with the strict CSP, in the desktop preset
 * and in Lighthouse's default (throttled mobile) config. Prints a table and JSON of the scores, the
 * key metrics and the audits that cost points; writes every full report (JSON) to
 * test-results/lighthouse/. Figures only, nothing asserted: `npm run lighthouse` after
 * `npx vite build --mode demo` (the demo build, its installation generated in the page), or
 * `npm run lighthouse -- api` after `npx vite build` (the production build, the same
 * installation answered from Node). `LH_FORM_FACTORS=desktop` (or `mobile`) runs one preset only;
 * `LH_PAGES=overview,run` only those pages.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdir, mkdtemp, readFile, realpath, rm, writeFile } from 'node:fs/promises'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { tmpdir } from 'node:os'
import { gzipSync } from 'node:zlib'
import path from 'node:path'
import lighthouse, { desktopConfig, type Config, type Result } from 'lighthouse'
import { CONTENT_TYPES, resolveTarget, startServer } from '@/server/static/serve'
import { CHROMIUM_FLAGS, CHROMIUM_PATH, RESULTS_DIR, requireBuild } from '../e2e/browser'
import { apiHook } from '../fixtures/api-server'
import { createInstallation } from '@/mocks/installation'

const PAGES = [
  { name: 'overview', path: '/?from=2026-09-01&to=2026-11-28&tz=UTC' },
  { name: 'tools', path: '/tools?from=2026-09-01&to=2026-11-28&tz=UTC' },
  { name: 'runs', path: '/runs?from=2026-09-01&to=2026-11-28&tz=UTC' },
  // The range's longest run (70 steps, failed) in the default installation.
  {
    name: 'run',
    path: '/runs/f096b1ba-9812-4014-94f8-bb1d09a803d1?from=2026-09-01&to=2026-11-28&tz=UTC',
  },
  { name: 'checker', path: '/checker?from=2026-09-01&to=2026-11-28&tz=UTC' },
] as const
const PAGE_NAMES = process.env.LH_PAGES?.split(',')
const MEASURED = PAGES.filter((p) => PAGE_NAMES === undefined || PAGE_NAMES.includes(p.name))
const FORM_FACTORS = (process.env.LH_FORM_FACTORS ?? 'desktop,mobile')
  .split(',')
  .filter((f): f is 'desktop' | 'mobile' => f === 'desktop' || f === 'mobile')
const CATEGORIES = ['performance', 'accessibility']
const METRICS = {
  FCP: 'first-contentful-paint',
  LCP: 'largest-contentful-paint',
  TBT: 'total-blocking-time',
  CLS: 'cumulative-layout-shift',
  SI: 'speed-index',
} as const

interface Chromium {
  port: number
  close(): Promise<void>
}

/** Starts headless Chromium with a fresh user-data dir and waits for its DevTools port. */
async function launchChromium(): Promise<Chromium> {
  const userDataDir = await mkdtemp(path.join(tmpdir(), 'lh-chromium-'))
  const child: ChildProcess = spawn(
    CHROMIUM_PATH,
    [
      ...CHROMIUM_FLAGS,
      '--no-default-browser-check',
      '--remote-debugging-port=0',
      `--user-data-dir=${userDataDir}`,
      'about:blank',
    ],
    { stdio: 'ignore' },
  )
  const close = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      await exited
    }
    await rm(userDataDir, { recursive: true, force: true })
  }
  for (let tries = 0; tries < 200; tries++) {
    const text = await readFile(path.join(userDataDir, 'DevToolsActivePort'), 'utf8').catch(
      () => '',
    )
    const port = Number(text.split('\n')[0])
    if (Number.isInteger(port) && port > 0) return { port, close }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  await close()
  throw new Error(`Chromium at ${CHROMIUM_PATH} did not open a DevTools port`)
}

/**
 * Answers requests for built JS/CSS/JSON/SVG assets gzip-compressed, as any production web
 * server does (the static server itself never compresses; Lighthouse would otherwise measure 1.3 MB of
 * uncompressed script on its simulated 10 Mbit/s link). Everything else falls through.
 */
function gzipAssets(dir: string) {
  const cache = new Map<string, Buffer>()
  return async (req: IncomingMessage, res: ServerResponse): Promise<boolean> => {
    if (req.method !== 'GET' || !/gzip/.test(String(req.headers['accept-encoding'] ?? '')))
      return false
    // The static server's own rule for which file a request names, never one outside `dir`.
    const target = await resolveTarget(dir, req.url ?? '/')
    if (target.kind !== 'file') return false
    const file = target.file
    const ext = path.extname(file)
    const type = CONTENT_TYPES[ext]
    if (!['.js', '.css', '.json', '.svg'].includes(ext) || type === undefined) return false
    let body = cache.get(file)
    if (body === undefined) {
      body = gzipSync(await readFile(file))
      cache.set(file, body)
    }
    const immutable = file.startsWith(path.join(dir, 'assets') + path.sep)
    res.writeHead(200, {
      'Content-Type': type,
      'Content-Encoding': 'gzip',
      'Content-Length': body.length,
      Vary: 'Accept-Encoding',
      'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    })
    res.end(body)
    return true
  }
}

const ms = (lhr: Result, id: string) => Math.round(lhr.audits[id]?.numericValue ?? NaN)

/** The audits of the measured categories that did not get full marks, worst first. */
function failingAudits(lhr: Result) {
  const ids = new Set(
    CATEGORIES.flatMap((c) => lhr.categories[c]?.auditRefs.map((ref) => ref.id) ?? []),
  )
  return [...ids]
    .map((id) => lhr.audits[id])
    .filter((a) => a !== undefined && a.score !== null && a.score < 1)
    .filter((a) => ['binary', 'numeric', 'metricSavings'].includes(a?.scoreDisplayMode ?? ''))
    .sort((a, b) => (a?.score ?? 0) - (b?.score ?? 0))
    .map((a) => ({ id: a?.id ?? '', title: a?.title ?? '', score: a?.score ?? null }))
}

// `npm run lighthouse -- api`: the production build (`dist`) against the demo's installation
// answered from Node, so the page's figures are the dashboard's own work — the demo build also
// generates its installation in the page, which no real installation costs the dashboard.
const MODE = process.argv[2] === 'api' ? 'api' : 'demo'
const dir = await realpath(
  process.env.LH_DIST ?? requireBuild(MODE === 'api' ? 'dist' : 'dist-demo'),
)
const gzip = process.env.LH_GZIP !== '0'
const assets = gzip ? gzipAssets(dir) : undefined
const api =
  MODE === 'api'
    ? apiHook({
        installation: (() => {
          const installation = createInstallation()
          return () => installation
        })(),
      })
    : undefined
const server = await startServer({
  dir,
  csp: true,
  handle: async (req, res) =>
    (api !== undefined && (await api(req, res))) ||
    (assets !== undefined && (await assets(req, res))),
})
const outDir = path.join(RESULTS_DIR, 'lighthouse')
await mkdir(outDir, { recursive: true })
const results = []
try {
  for (const formFactor of FORM_FACTORS) {
    for (const page of MEASURED) {
      const chromium = await launchChromium()
      try {
        const url = new URL(page.path, server.url).toString()
        const config: Config | undefined = formFactor === 'desktop' ? desktopConfig : undefined
        const run = await lighthouse(
          url,
          { port: chromium.port, onlyCategories: CATEGORIES, output: 'json', logLevel: 'error' },
          config,
        )
        if (!run) throw new Error(`Lighthouse gave no result for ${url}`)
        const lhr = run.lhr
        await writeFile(path.join(outDir, `${page.name}-${formFactor}.json`), JSON.stringify(lhr))
        if (lhr.runtimeError) console.error(`${page.name} ${formFactor}:`, lhr.runtimeError.message)
        results.push({
          page: page.name,
          formFactor,
          performance: Math.round((lhr.categories.performance?.score ?? NaN) * 100),
          accessibility: Math.round((lhr.categories.accessibility?.score ?? NaN) * 100),
          fcpMs: ms(lhr, METRICS.FCP),
          lcpMs: ms(lhr, METRICS.LCP),
          tbtMs: ms(lhr, METRICS.TBT),
          cls: +(lhr.audits[METRICS.CLS]?.numericValue ?? NaN).toFixed(3),
          siMs: ms(lhr, METRICS.SI),
          failing: failingAudits(lhr),
          url: page.path,
          mode: MODE,
          gzip,
        })
      } finally {
        await chromium.close()
      }
    }
  }
} finally {
  await server.close()
}

console.table(results.map(({ failing: _failing, url: _url, ...row }) => row))
for (const r of results) {
  const list = r.failing.map((a) => `${a.id} (${a.score}): ${a.title}`).join('\n  ')
  console.log(`${r.page} ${r.formFactor} — audits below full marks:\n  ${list || 'none'}`)
}
console.log(JSON.stringify(results))
