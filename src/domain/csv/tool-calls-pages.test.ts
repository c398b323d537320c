import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { Run } from '../contract'
import { createScope } from '../summary'
import { datasetArb } from '../summary/test-data'
import { csvChunks } from './chunker'
import { TOOL_CALLS_COLUMNS } from './columns'
import { toolCallRows } from './tool-calls'
import {
  emptyToolCallsCsv,
  foldToolCallsCsv,
  toolCallsCsvHeader,
  type ToolCallsCsvPage,
} from './tool-calls-pages'

describe('the tool-calls CSV page by page', () => {
  it('gives the very bytes of the whole file, however the runs are split into pages', () => {
    fc.assert(
      fc.property(datasetArb, fc.array(fc.nat(), { maxLength: 6 }), (dataset, cuts) => {
        const scope = createScope({ ...dataset, tz: dataset.zone })
        const runs = dataset.runs as unknown as Run[]
        const whole = [...csvChunks(TOOL_CALLS_COLUMNS, toolCallRows(runs, scope))].join('')
        const bounds = [...new Set([0, ...cuts.map((c) => c % (runs.length + 1)), runs.length])]
        bounds.sort((a, b) => a - b)
        let state: ToolCallsCsvPage = emptyToolCallsCsv()
        let text = ''
        for (let i = 0; i + 1 < bounds.length; i++) {
          state = foldToolCallsCsv(state, runs.slice(bounds[i], bounds[i + 1]), scope)
          text += state.text
        }
        if (state.pages === 0) text = toolCallsCsvHeader()
        expect(text).toBe(whole)
        expect(state.rows).toBe([...toolCallRows(runs, scope)].length)
      }),
    )
  })

  it('starts the first page with the BOM and header even when it holds no call', () => {
    const scope = createScope({ from: '2026-11-01', to: '2026-11-02', tz: 'UTC', tools: [] })
    const first = foldToolCallsCsv(emptyToolCallsCsv(), [], scope)
    expect(first.text).toBe(toolCallsCsvHeader())
    expect(first.text.startsWith('\uFEFF')).toBe(true)
    expect(foldToolCallsCsv(first, [], scope).text).toBe('')
  })
})
