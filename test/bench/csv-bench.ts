/**
 * Benchmark 3 (decision 0004): the tool-calls CSV of a million rows, ours against `Papa.unparse` with
 * `escapeFormulae`, on the same rows in the same run, with peak heap printed.
 */
import Papa from 'papaparse'
import { TOOL_CALLS_COLUMNS, createCsvChunker, type CsvValue } from '@/domain/csv'
import type { BenchRow } from './harness'

const ROWS = 1_000_000
const TOOLS = [
  'update_page_metadata',
  'get_page_content',
  'mcp_dam_update_asset_metadata',
  '=HYPERLINK("x")',
  'read_records',
]
const OUTCOMES = ['succeeded', 'failed', 'refused'] as const

/** A million tool-call rows shaped like the export's (uuid, times with offset, numbers, codes). */
function makeRows(): CsvValue[][] {
  const rows: CsvValue[][] = []
  const base = Date.UTC(2026, 8, 1)
  for (let i = 0; i < ROWS; i++) {
    const started = new Date(base + i * 7_919).toISOString().replace('Z', '+00:00')
    const outcome = OUTCOMES[i % 7 === 0 ? 2 : i % 11 === 0 ? 1 : 0] ?? 'succeeded'
    rows.push([
      `run-${(i * 2654435761) % 4294967296}`,
      started,
      1 + (i % 6),
      i % 40,
      started,
      TOOLS[i % TOOLS.length] ?? '',
      outcome,
      outcome === 'refused' ? (i % 2 === 0 ? 'arguments' : 'turn') : null,
      (i % 5000) / 7,
    ])
  }
  return rows
}

function peakDuring<T>(fn: () => T): { ms: number; peakMb: number; value: T } {
  globalThis.gc?.()
  const before = process.memoryUsage().heapUsed
  let peak = before
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().heapUsed)
  }, 5)
  const start = performance.now()
  const value = fn()
  const ms = performance.now() - start
  clearInterval(timer)
  peak = Math.max(peak, process.memoryUsage().heapUsed)
  return { ms, peakMb: (peak - before) / 1e6, value }
}

export async function run(): Promise<BenchRow[]> {
  const rows = makeRows()
  const ours = peakDuring(() => {
    const chunker = createCsvChunker(TOOL_CALLS_COLUMNS)
    const chunks: string[] = []
    for (const row of rows) {
      const chunk = chunker.push(row)
      if (chunk !== null) chunks.push(chunk)
    }
    chunks.push(chunker.end())
    return chunks.reduce((n, c) => n + c.length, 0)
  })
  const papa = peakDuring(
    () =>
      Papa.unparse({ fields: [...TOOL_CALLS_COLUMNS], data: rows }, { escapeFormulae: true })
        .length,
  )
  const speedup = papa.ms / ours.ms
  return [
    {
      bench: 'csv',
      figure: `ours, ${ROWS.toLocaleString('en-US')} rows (${(ours.value / 1e6).toFixed(0)} M chars in ~1 MB chunks)`,
      value: ours.ms,
      unit: `ms, heap +${ours.peakMb.toFixed(0)} MB`,
    },
    {
      bench: 'csv',
      figure: 'Papa.unparse with escapeFormulae, same rows (one string)',
      value: papa.ms,
      unit: `ms, heap +${papa.peakMb.toFixed(0)} MB`,
    },
    {
      bench: 'csv',
      figure: 'Papa / ours',
      value: speedup,
      unit: '× faster (ours)',
      goal: '≥ 2',
      met: speedup >= 2,
    },
  ]
}
