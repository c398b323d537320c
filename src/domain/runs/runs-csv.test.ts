import Papa from 'papaparse'
import { describe, expect, it } from 'vitest'
import { RUNS_COLUMNS, runsFileName } from '../csv'
import { runRowOf } from './run-row'
import { runsCsvChunks } from './runs-csv'
import { handRun, tool } from './test-runs'

const context = {
  from: '2026-11-05',
  to: '2026-11-28',
  tz: 'Europe/Berlin',
  tools: ['a', 'b'],
  outcome: 'failed',
  configuration: '=page-editor',
  status: null,
}

describe('runs CSV', () => {
  it('writes the columns, times with the zone offset, escapes formula-like text, empty duration when unfinished', () => {
    const row = runRowOf(
      handRun('u1', [tool(1, 'a', { toolIsError: true })], {
        configuration: '=cmd|"calc"',
        status: 'running',
        finishedAt: null,
        startedAt: '2026-11-10T10:00:00.000Z',
      }),
      () => 1,
    )
    const text = runsCsvChunks([row], context, { chunkSize: 10 }).join('')
    expect(text.startsWith('\uFEFF')).toBe(true)
    const csv = Papa.parse<Record<string, string>>(text.slice(1), {
      header: true,
      skipEmptyLines: true,
    })
    expect(csv.meta.fields).toEqual([...RUNS_COLUMNS])
    expect(csv.data[0]).toMatchObject({
      run_uuid: 'u1',
      started_at: '2026-11-10T11:00:00.000+01:00',
      configuration: `'=cmd|"calc"`,
      failed: '1',
      duration_ms: '',
      tools: '["a","b"]',
      outcome: 'failed',
      configuration_filter: `'=page-editor`,
      status_filter: '',
      timezone: 'Europe/Berlin',
    })
    expect(runsFileName('2026-11-05', '2026-11-28')).toBe('runs_2026-11-05_2026-11-28.csv')
  })

  it('is a header-only file for no rows', () => {
    expect(runsCsvChunks([], context).join('')).toBe(`\uFEFF${RUNS_COLUMNS.join(',')}\r\n`)
  })
})
