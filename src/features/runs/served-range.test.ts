import { describe, expect, it } from 'vitest'
import { servedRange } from './served-range'

const days = { from: '2026-11-01', to: '2026-11-02', tz: 'UTC', tools: [] as string[] }

describe('the range a served runs list asks about', () => {
  it('is the instants of the filters’ days and their tools', () => {
    expect(servedRange({ ...days, tools: ['a', 'b'] }, null)).toEqual({
      from: Date.parse('2026-11-01T00:00:00Z'),
      to: Date.parse('2026-11-03T00:00:00Z'),
      tools: ['a', 'b'],
    })
  })

  it('follows local midnights on the quarter hour (Kathmandu, +05:45)', () => {
    expect(servedRange({ ...days, tz: 'Asia/Kathmandu' }, null)).toEqual({
      from: Date.parse('2026-10-31T18:15:00Z'),
      to: Date.parse('2026-11-02T18:15:00Z'),
      tools: [],
    })
  })

  it('is narrowed to an overview window on the quarter hour', () => {
    const window = {
      startMs: Date.parse('2026-11-01T09:00:00Z'),
      endMs: Date.parse('2026-11-05T09:15:00Z'),
    }
    expect(servedRange(days, window)).toEqual({
      from: window.startMs,
      to: Date.parse('2026-11-03T00:00:00Z'),
      tools: [],
    })
  })

  it('is null, so the list is folded, for a bound off the quarter hour', () => {
    const window = { startMs: Date.parse('2026-11-01T09:12:33.123Z'), endMs: Infinity }
    expect(servedRange(days, window)).toBeNull()
  })

  it('is null for an empty window and for a tool name no URL can carry', () => {
    const outside = {
      startMs: Date.parse('2026-12-01T00:00:00Z'),
      endMs: Date.parse('2026-12-02T00:00:00Z'),
    }
    expect(servedRange(days, outside)).toBeNull()
    expect(servedRange({ ...days, tools: ['ok', 'bad\uD800'] }, null)).toBeNull()
  })
})
