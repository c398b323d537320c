import fc from 'fast-check'
import Papa from 'papaparse'
import { describe, expect, it } from 'vitest'
import { createScope, emptySummary, foldRuns } from '../summary'
import { datasetArb } from '../summary/test-data'
import { dayOf } from '../time'
import { csvChunks } from './chunker'
import { TOOL_CALLS_COLUMNS } from './columns'
import { toolCallRows } from './tool-calls'

describe('the tool-calls CSV', () => {
  it('writes a hand-built call with the zone offset and the outcome split from its code', () => {
    const run = {
      uuid: 'r-1',
      startedAt: '2026-11-03T14:00:00Z',
      status: 'completed',
      steps: [
        { sequence: 0, kind: 'llm', round: 1, occurredAt: '2026-11-03T14:05:00Z', durationMs: 900 },
        {
          sequence: 1,
          kind: 'tool',
          round: 1,
          occurredAt: '2026-11-03T14:05:09.120Z',
          durationMs: 12.5,
          toolName: 'update_page',
          toolIsError: true,
          toolRefusal: 'arguments',
        },
        {
          sequence: 2,
          kind: 'tool',
          round: 2,
          occurredAt: '2026-11-03T14:06:00Z',
          durationMs: 40,
          toolName: '=cmd',
          toolIsError: true,
        },
      ],
    }
    const scope = createScope({
      from: '2026-11-03',
      to: '2026-11-03',
      tz: 'Europe/Berlin',
      tools: [],
    })
    const text = [
      ...csvChunks(TOOL_CALLS_COLUMNS, toolCallRows([run], scope), { bom: false }),
    ].join('')
    expect(text.split('\r\n')).toEqual([
      'run_uuid,run_started_at,round,sequence,occurred_at,tool,outcome,refusal_code,duration_ms,installation',
      'r-1,2026-11-03T15:00:00.000+01:00,1,1,2026-11-03T15:05:09.120+01:00,update_page,refused,arguments,12.5,',
      "r-1,2026-11-03T15:00:00.000+01:00,2,2,2026-11-03T15:06:00.000+01:00,'=cmd,failed,,40,",
      '',
    ])
  })

  it('names the installation of each call when the runs come from all installations', () => {
    const step = {
      sequence: 1,
      kind: 'tool',
      round: 1,
      occurredAt: '2026-11-03T14:05:00Z',
      durationMs: 3,
      toolName: 'get_page',
      toolIsError: false,
    }
    const copy = { uuid: 'r-1', startedAt: '2026-11-03T14:00:00Z', steps: [step] }
    const scope = createScope({ from: '2026-11-03', to: '2026-11-03', tz: 'UTC', tools: [] })
    const rows = [
      ...toolCallRows(
        [
          { ...copy, installation: 'production' },
          { ...copy, installation: 'staging' },
        ],
        scope,
      ),
    ]
    expect(rows.map((row) => [row[0], row.at(-1)])).toEqual([
      ['r-1', 'production'],
      ['r-1', 'staging'],
    ])
  })

  it('says the same as the summary: same calls per tool and outcome, times in range', () => {
    fc.assert(
      fc.property(datasetArb, (dataset) => {
        const scope = createScope({ ...dataset, tz: dataset.zone })
        const summary = foldRuns(emptySummary(), dataset.runs, scope)
        const text = [
          ...csvChunks(TOOL_CALLS_COLUMNS, toolCallRows(dataset.runs, scope), { chunkSize: 64 }),
        ].join('')
        const parsed = Papa.parse<Record<string, string>>(text, {
          header: true,
          skipEmptyLines: true,
        })
        expect(parsed.errors).toEqual([])
        const byTool = new Map<string, Map<string, number>>()
        for (const row of parsed.data) {
          const tool = (row.tool ?? '').replace(/^'(?=[=+\-@\t\r\n\0])/, '')
          const key =
            row.outcome === 'refused' ? `refused:${row.refusal_code}` : (row.outcome ?? '')
          const inner = byTool.get(tool) ?? new Map<string, number>()
          inner.set(key, (inner.get(key) ?? 0) + 1)
          byTool.set(tool, inner)
          const day = dayOf(Date.parse(row.occurred_at ?? ''), dataset.zone)
          expect(day >= dataset.from && day <= dataset.to).toBe(true)
        }
        const fromCsv = Object.fromEntries([...byTool].map(([k, v]) => [k, Object.fromEntries(v)]))
        expect(fromCsv).toEqual(summary.byTool)
      }),
      { numRuns: 150 },
    )
  })
})
