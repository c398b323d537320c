/**
 * `npm run bench`: every benchmark suite in one run, printed as a table and as JSON.
 * Figures only; nothing here asserts a timing.
 */
import type { BenchRow } from './harness'

type Suite = {
  name: string
  load: () => Promise<{ run: () => Promise<BenchRow[]> }>
  onlyWhenNamed?: boolean
}

const suites: Suite[] = [
  { name: 'fold', load: () => import('./fold-bench') },
  { name: 'cached-fold', load: () => import('./cached-fold-bench') },
  { name: 'csv', load: () => import('./csv-bench') },
  { name: 'checker', load: () => import('./checker-bench') },
  { name: 'bundle', load: () => import('./bundle-bench') },
  // Seeds ten million steps into each database the first time: only when named.
  { name: 'server', load: () => import('./server-bench'), onlyWhenNamed: true },
  // Seeds a database and sends thousands of requests to a second process: only when named.
  { name: 'load', load: () => import('./load-bench'), onlyWhenNamed: true },
  // Seeds a database and fills an embedded ClickHouse with 20 million steps: only when named.
  { name: 'fleet', load: () => import('./fleet-bench'), onlyWhenNamed: true },
]

const only = process.argv.slice(2)
const rows: BenchRow[] = []
for (const suite of suites) {
  if (only.length > 0 ? !only.includes(suite.name) : suite.onlyWhenNamed === true) continue
  process.stderr.write(`running ${suite.name}…\n`)
  const mod = await suite.load()
  rows.push(...(await mod.run()))
  // Each suite starts on a clean heap (run with --expose-gc, as `npm run bench` does).
  globalThis.gc?.()
}

const fmt = (n: number) =>
  Math.abs(n) >= 100 ? Math.round(n).toLocaleString('en-US') : n.toPrecision(3)
console.table(
  rows.map((r) => ({
    bench: r.bench,
    figure: r.figure,
    value: `${fmt(r.value)} ${r.unit}`,
    goal: r.goal ?? '',
    met: r.met === undefined || r.met === null ? '' : r.met ? 'yes' : 'NO',
  })),
)
console.log(
  JSON.stringify({ node: process.version, date: new Date().toISOString(), rows }, null, 2),
)
