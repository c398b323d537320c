/** Benchmark 5: gzip size of every built chunk and of the initial load (`dist/`). */
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import type { BenchRow } from './harness'

const DIST = path.resolve(import.meta.dirname, '../../dist')
const gz = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length / 1000

export async function run(): Promise<BenchRow[]> {
  if (!existsSync(path.join(DIST, 'index.html'))) {
    return [
      {
        bench: 'bundle',
        figure: 'dist/ missing — run `npm run build` first',
        value: Number.NaN,
        unit: '',
        met: false,
      },
    ]
  }
  const html = readFileSync(path.join(DIST, 'index.html'), 'utf8')
  // The initial load: the entry script, the stylesheet, and every chunk of the start-up stages
  // (listed in the `stage-chunks` meta tag; the entry preloads them at once, decision 0011).
  const linked = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map(
    (m) => m[1] ?? '',
  )
  const stages = /<meta name="stage-chunks" content="([^"]*)"/.exec(html)?.[1] ?? ''
  const initial = [
    ...linked,
    ...stages
      .split(' ')
      .filter(Boolean)
      .map((url) => url.slice(1)),
  ]
  const assets = readdirSync(path.join(DIST, 'assets')).filter((f) => /\.(js|css)$/.test(f))
  const rows: BenchRow[] = assets
    .map((f) => ({ f, size: gz(path.join(DIST, 'assets', f)) }))
    .sort((a, b) => b.size - a.size)
    .map(({ f, size }) => ({
      bench: 'bundle',
      figure: `${f}${initial.includes(`assets/${f}`) ? ' (initial)' : ''}`,
      value: size,
      unit: 'kB gzip',
    }))
  const initialJs = initial
    .filter((f) => f.endsWith('.js'))
    .reduce((n, f) => n + gz(path.join(DIST, f)), 0)
  rows.push({
    bench: 'bundle',
    figure: 'initial JS (entry + preloaded chunks)',
    value: initialJs,
    unit: 'kB gzip',
    goal: '≤ 250',
    met: initialJs <= 250,
  })
  return rows
}
