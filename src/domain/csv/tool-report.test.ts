import Papa from 'papaparse'
import { describe, expect, it } from 'vitest'
import { emptySummary, toolRows } from '../summary'
import { TOOL_REPORT_COLUMNS, toolCallsFileName, toolReportFileName } from './columns'
import { toolReportChunks } from './tool-report'

describe('the tool report CSV', () => {
  const summary = {
    ...emptySummary(),
    byTool: {
      update_page_metadata: { succeeded: 100, failed: 58, denied: 4, 'refused:arguments': 3 },
      '-1': { succeeded: 2, 'refused:turn': 1, 'refused:budget': 1 },
      mcp_docs_search: { succeeded: 7 },
    },
  }
  const range = { from: '2026-09-01', to: '2026-11-03', tz: 'UTC' }
  const text = toolReportChunks(toolRows(summary), range).join('')

  it('has exactly the agreed columns, one row per tool and no totals row', () => {
    const lines = text.replace('\uFEFF', '').split('\r\n')
    expect(lines[0]).toBe(
      'tool,source,calls,succeeded,failed,denied,refused_arguments,refused_turn,refused_other,failure_rate,refusal_rate,from,to,timezone',
    )
    expect(lines.slice(1)).toEqual([
      'update_page_metadata,builtin,165,100,58,4,3,0,0,0.3515,0.0182,2026-09-01,2026-11-03,UTC',
      'mcp_docs_search,mcp,7,7,0,0,0,0,0,0.0000,0.0000,2026-09-01,2026-11-03,UTC',
      "'-1,builtin,4,2,0,0,0,1,1,0.0000,0.5000,2026-09-01,2026-11-03,UTC",
      '',
    ])
  })

  it('parses back with papaparse to the same numbers', () => {
    const parsed = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true })
    expect(parsed.meta.fields).toEqual([...TOOL_REPORT_COLUMNS])
    expect(parsed.data[0]).toMatchObject({
      tool: 'update_page_metadata',
      failed: '58',
      denied: '4',
      failure_rate: '0.3515',
    })
  })

  it('is only the header for an empty summary, and names its files by the days', () => {
    expect(toolReportChunks([], range, { bom: false })).toEqual([
      `${TOOL_REPORT_COLUMNS.join(',')}\r\n`,
    ])
    expect(toolReportFileName('2026-09-01', '2026-11-03')).toBe(
      'tool-report_2026-09-01_2026-11-03.csv',
    )
    expect(toolCallsFileName('2026-09-01', '2026-11-03')).toBe(
      'tool-calls_2026-09-01_2026-11-03.csv',
    )
  })
})
