/** Issue 8, benchmark 5: gzip size of every built chunk and of the initial load (`dist/`). */
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import type { BenchRow } from './harness'

const DIST = path.resolve(import.meta.dirname, '../../dist')
const gz = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length / 1000

const read = (file: string) => readFileSync(path.join(DIST, file), 'utf8')
const STATIC_IMPORT = /(?:from|import)\s*"\.\/([\w.-]+\.js)"/g
const DYNAMIC_IMPORT = /import\([`"']\.\/([\w.-]+\.js)[`"']\)/g

/** `entry` (`assets/…`), the chunks it imports at start-up, and every chunk those import. */
function startupChunks(entry: string): string[] {
  const seen = new Set<string>()
  const visit = (file: string) => {
    if (seen.has(file)) return
    seen.add(file)
    for (const m of read(file).matchAll(STATIC_IMPORT)) visit(`assets/${m[1]}`)
  }
  visit(entry)
  for (const m of read(entry).matchAll(DYNAMIC_IMPORT)) visit(`assets/${m[1]}`)
  return [...seen]
}

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
  // The initial load: the stylesheet and the entry script from index.html, the chunks the entry
  // imports at start-up (its dynamic imports) and every chunk those import.
  const linked = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map(
    (m) => m[1] ?? '',
  )
  const entry = linked.find((f) => f.endsWith('.js'))
  const initial = [
    ...linked.filter((f) => f.endsWith('.css')),
    ...(entry ? startupChunks(entry) : []),
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
    figure: 'initial JS (entry + start-up chunks)',
    value: initialJs,
    unit: 'kB gzip',
    goal: '≤ 250',
    met: initialJs <= 250,
  })
  return rows
}
