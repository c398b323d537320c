import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { filtersSchema, MAX_RANGE_DAYS, sameFilters, type FilterContext } from './filters'
import { describeValue } from './describe-value'
import { filtersBeforeData, parseFilters } from './parse-filters'
import { dataEndNote } from './preset-range'
import { parseSearch, stringifySearch } from '@/app/search-params'
import { filtersToSearch } from './serialize-filters'

const context: FilterContext = {
  latestAt: '2026-11-28T17:40:00Z',
  earliestAt: '2026-09-01T06:02:11Z',
  knownTools: ['create_page', 'update_page_metadata', 'mcp_docs_search'],
  defaultZone: 'Europe/Berlin',
  // Four days after the last recorded step, as the demo was seen on 2 Dec 2026.
  nowMs: Date.parse('2026-12-02T10:00:00Z'),
}

describe('parseFilters — examples', () => {
  it('defaults to the last 30 days up to today in the default zone, not to the last data', () => {
    expect(parseFilters({}, context)).toEqual({
      filters: {
        from: '2026-11-03',
        to: '2026-12-02',
        tz: 'Europe/Berlin',
        tools: [],
        preset: '30d',
      },
      ignored: [],
    })
  })

  it('reads the brief example as a custom range in UTC', () => {
    const { filters, ignored } = parseFilters(
      { from: '2026-09-01', to: '2026-11-03', tz: 'UTC', tool: 'update_page_metadata' },
      context,
    )
    expect(filters).toEqual({
      from: '2026-09-01',
      to: '2026-11-03',
      tz: 'UTC',
      tools: ['update_page_metadata'],
      preset: 'custom',
    })
    expect(ignored).toEqual([])
  })

  it.each([
    [{ from: '2026-13-01' }, 'Ignored from=2026-13-01: not a calendar day (YYYY-MM-DD)'],
    [
      { from: '2026-11-05', to: '2026-11-01' },
      "The link's start day, 5 Nov 2026, is after its end day, 1 Nov 2026: showing the 30 days up to 1 Nov 2026 instead",
    ],
    [{ tz: 'Mars/Olympus' }, 'Ignored tz=Mars/Olympus: not a known time zone, using Europe/Berlin'],
    [{ tool: ['create_page', 'nope'] }, 'Ignored tool=nope: not a known tool'],
    [{ preset: '14d' }, 'Ignored preset=14d: not one of 7d, 30d, 90d, all, custom'],
    [{ preset: '7d', from: '2026-01-01' }, 'Ignored from=2026-01-01: preset=7d sets the range'],
    [
      { from: '1990-01-01', to: '2026-01-01' },
      `The link's range, 1 Jan 1990 to 1 Jan 2026, is longer than the ${MAX_RANGE_DAYS.toLocaleString('en-US')} days a range may span: showing the 30 days up to 1 Jan 2026 instead`,
    ],
    [
      { from: '1900-01-01', to: '2100-12-31' },
      `The link's range, 1 Jan 1900 to 31 Dec 2100, is longer than the ${MAX_RANGE_DAYS.toLocaleString('en-US')} days a range may span: showing the recorded days within it, 1 Sep 2026 to 28 Nov 2026, instead`,
    ],
    [
      { from: ['2026-11-01', '2026-11-02'] },
      'Ignored from=["2026-11-02"]: from is given more than once',
    ],
  ])('%o falls back and says: %s', (raw, message) => {
    const { filters, ignored } = parseFilters(raw, context)
    expect(ignored).toEqual([message])
    expect(filtersSchema.safeParse(filters).success).toBe(true)
  })

  it('clips a range too long to the recorded days in it, at most as many as a range may span', () => {
    const clip = (from: string, to: string, over: Partial<FilterContext> = {}) => {
      const { filters } = parseFilters({ from, to, tz: 'UTC' }, { ...context, ...over })
      return [filters.from, filters.to]
    }
    expect(clip('1900-01-01', '2100-12-31')).toEqual(['2026-09-01', '2026-11-28'])
    expect(clip('2026-10-01', '9999-12-31')).toEqual(['2026-10-01', '2026-11-28'])
    // Twenty years of data: the latest days a range may span.
    expect(clip('1900-01-01', '2100-12-31', { earliestAt: '2006-01-01T00:00:00Z' })).toEqual([
      '2016-11-21',
      '2026-11-28',
    ])
    // Nothing recorded inside it: the 30 days up to its end day, as before.
    expect(clip('1900-01-01', '2000-01-01')).toEqual(['1999-12-03', '2000-01-01'])
    expect(clip('1900-01-01', '2100-12-31', { earliestAt: null })).toEqual([
      '2100-12-02',
      '2100-12-31',
    ])
  })

  it('keeps an installation name, and ignores what is none', () => {
    expect(parseFilters({ installation: 'de.example_2' }, context).filters.installation).toBe(
      'de.example_2',
    )
    expect(parseFilters({}, context).filters).not.toHaveProperty('installation')
    for (const bad of ['..', 'a/b', '-x', 'x'.repeat(64)]) {
      const { filters, ignored } = parseFilters({ installation: bad }, context)
      expect(filters).not.toHaveProperty('installation')
      expect(ignored).toEqual([
        `Ignored installation=${describeValue(bad)}: not an installation name`,
      ])
    }
  })

  it('falls back per parameter, keeping the good ones', () => {
    const { filters } = parseFilters({ from: '2026-11-05', to: '2026-11-01', tz: 'UTC' }, context)
    expect(filters).toMatchObject({
      from: '2026-10-03',
      to: '2026-11-01',
      tz: 'UTC',
      preset: 'custom',
    })
  })

  it('ends the last-N-days presets today, and All recorded at the last recorded day', () => {
    const range = (preset: string) => {
      const { filters } = parseFilters({ preset, tz: 'UTC' }, context)
      return [filters.from, filters.to]
    }
    expect(range('7d')).toEqual(['2026-11-26', '2026-12-02'])
    expect(range('90d')).toEqual(['2026-09-04', '2026-12-02'])
    expect(range('all')).toEqual(['2026-09-01', '2026-11-28'])
  })

  it('reads today in the chosen zone', () => {
    const lateEvening = { ...context, nowMs: Date.parse('2026-12-02T23:30:00Z') }
    expect(parseFilters({ preset: '7d', tz: 'UTC' }, lateEvening).filters.to).toBe('2026-12-02')
    expect(parseFilters({ preset: '7d', tz: 'Asia/Tokyo' }, lateEvening).filters.to).toBe(
      '2026-12-03',
    )
  })

  it('says where the data ends inside a range that reaches later', () => {
    const { filters } = parseFilters({ preset: '7d', tz: 'UTC' }, context)
    expect(dataEndNote(filters, context, 'UTC')).toBe('data until 28 Nov 2026')
    expect(dataEndNote({ to: '2026-11-28' }, context, 'UTC')).toBeNull()
    expect(dataEndNote(filters, { latestAt: null }, 'UTC')).toBeNull()
  })

  it('uses today without data, and keeps every tool while the catalogue is not loaded', () => {
    const empty = { ...context, latestAt: null, earliestAt: null, knownTools: null }
    const { filters, ignored } = parseFilters(
      { tool: ['zeta', 'alpha', 'zeta'], preset: 'all' },
      empty,
    )
    expect(filters).toEqual({
      from: '2026-11-03',
      to: '2026-12-02',
      tz: 'Europe/Berlin',
      tools: ['alpha', 'zeta'],
      preset: 'all',
    })
    expect(ignored).toEqual([])
  })

  it('takes the zone into account for the day of latestAt', () => {
    const late = { ...context, latestAt: '2026-11-28T23:30:00Z' }
    expect(parseFilters({ preset: 'all', tz: 'UTC' }, late).filters.to).toBe('2026-11-28')
    expect(parseFilters({ preset: 'all', tz: 'Europe/Berlin' }, late).filters.to).toBe('2026-11-29')
  })
})

const KEYS = ['from', 'to', 'tz', 'tool', 'preset', 'installation'] as const
const plausible = {
  from: fc.constantFrom('2026-09-01', '2026-11-30', '2026-02-29', '2026-10-25', ''),
  to: fc.constantFrom('2026-11-03', '2026-08-01', '2026-13-01', '2027-01-01'),
  tz: fc.constantFrom('UTC', 'utc', 'Asia/Kathmandu', 'Pacific/Chatham', 'Nowhere', '+01:00'),
  tool: fc.constantFrom(
    'create_page',
    ['mcp_docs_search', 'x'],
    'update_page_metadata',
    7,
    '',
    ['lone\uD800high', '__proto__'],
    '\uDC00low',
  ),
  preset: fc.constantFrom('7d', '30d', '90d', 'all', 'custom', 'week'),
  installation: fc.constantFrom('site-a', 'de.example_2', '..', '', 'a b', '-x', 'x'.repeat(64)),
}
const rawArb = fc.record(
  Object.fromEntries(
    KEYS.map((key) => [key, fc.oneof(fc.anything(), plausible[key], fc.array(plausible[key]))]),
  ),
  { requiredKeys: [] },
)
// Both days given, as a shared link has them.
const datedArb = fc.record(
  {
    from: fc.constantFrom('2026-09-01', '2026-02-29', '2025-12-01', '1990-06-30'),
    to: fc.constantFrom('2026-11-03', '2026-08-01', '2027-01-01'),
    tz: plausible.tz,
    tool: plausible.tool,
    preset: fc.constantFrom('custom', '7d'),
  },
  { requiredKeys: ['from', 'to'] },
)
const contextArb = fc.record({
  latestAt: fc.constantFrom(null, '2026-11-28T17:40:00Z', 'garbage', '2026-03-29T00:30:00+01:00'),
  earliestAt: fc.constantFrom(
    null,
    '2026-09-01T06:02:11Z',
    '2027-12-01T00:00:00Z',
    '1900-01-01T00:00:00Z',
  ),
  knownTools: fc.constantFrom<readonly string[] | null>(
    null,
    [],
    ['create_page', 'mcp_docs_search'],
    ['', 'lone\uD800high', '\uDC00low', '__proto__', 'create_page'],
  ),
  defaultZone: fc.constantFrom('UTC', 'Australia/Lord_Howe', 'not a zone'),
  nowMs: fc.constant(Date.parse('2027-01-15T12:00:00Z')),
})

describe('parseFilters — properties', () => {
  it('never throws and always returns valid filters, whatever each key holds', () => {
    fc.assert(
      fc.property(rawArb, contextArb, (raw, ctx) => {
        const { filters, ignored } = parseFilters(raw, ctx)
        expect(filtersSchema.parse(filters)).toEqual(filters)
        if (ctx.knownTools !== null) {
          expect(filters.tools.every((t) => ctx.knownTools?.includes(t))).toBe(true)
        }
        expect(ignored.every((line) => /^(Ignored |The link's )/.test(line))).toBe(true)
      }),
      { numRuns: 500 },
    )
  })

  it('round-trips through the serialiser and through a URL, with nothing ignored', () => {
    fc.assert(
      fc.property(rawArb, contextArb, (raw, ctx) => {
        const { filters } = parseFilters(raw, ctx)
        expect(parseFilters({ ...filtersToSearch(filters) }, ctx)).toEqual({ filters, ignored: [] })
        // Through the app's URL text (a name with a lone surrogate travels as code units).
        const url = stringifySearch({ ...filtersToSearch(filters) })
        expect(parseFilters(parseSearch(url), ctx)).toEqual({ filters, ignored: [] })
      }),
      { numRuns: 300 },
    )
  })
})

describe('filtersBeforeData', () => {
  it('fixes a URL that names both days, and nothing else', () => {
    const raw = { from: '2025-11-29', to: '2026-11-28', tz: 'UTC', tool: ['b', 'a', 'b'] }
    expect(filtersBeforeData(raw, 'Europe/Berlin')).toEqual({
      from: '2025-11-29',
      to: '2026-11-28',
      tz: 'UTC',
      tools: ['a', 'b'],
      preset: 'custom',
    })
    expect(filtersBeforeData({ from: '2026-11-01', to: '2026-11-28' }, 'Asia/Kolkata')?.tz).toBe(
      'Asia/Kolkata',
    )
    for (const raw of [
      {},
      { from: '2026-11-01' },
      { to: '2026-11-28' },
      { from: '2026-11-01', to: '' },
      { from: '2026-11-01', to: '2026-11-28', preset: '7d' },
      { from: '2026-11-28', to: '2026-11-01' },
      { from: '1990-01-01', to: '2026-11-28' },
      { from: '2026-11-01', to: '2026-11-28', tz: 'Mars/Base' },
    ]) {
      expect(filtersBeforeData(raw, 'UTC')).toBeNull()
    }
  })

  it('equals what the installation data makes of the URL, but for tools it drops', () => {
    let fixed = 0
    fc.assert(
      fc.property(fc.oneof(rawArb, datedArb), contextArb, (raw, ctx) => {
        const early = filtersBeforeData(raw, ctx.defaultZone)
        if (early === null) return
        fixed++
        const { filters } = parseFilters(raw, ctx)
        expect({ ...filters, tools: [] }).toEqual({ ...early, tools: [] })
        expect(filters.tools.every((tool) => early.tools.includes(tool))).toBe(true)
        if (ctx.knownTools === null) expect(filters.tools).toEqual(early.tools)
      }),
      { numRuns: 1000 },
    )
    expect(fixed).toBeGreaterThan(50)
  })
})

describe('sameFilters', () => {
  const base = {
    from: '2026-11-01',
    to: '2026-11-28',
    tz: 'UTC',
    tools: ['a', 'b'],
    preset: 'custom',
  } as const
  const copy = () => ({ ...base, tools: [...base.tools] })
  it('is true for equal filters and false when any field differs', () => {
    expect(sameFilters(copy(), copy())).toBe(true)
    expect(sameFilters(copy(), { ...copy(), from: '2026-11-02' })).toBe(false)
    expect(sameFilters(copy(), { ...copy(), to: '2026-11-27' })).toBe(false)
    expect(sameFilters(copy(), { ...copy(), tz: 'Europe/Berlin' })).toBe(false)
    expect(sameFilters(copy(), { ...copy(), preset: '30d' })).toBe(false)
    expect(sameFilters(copy(), { ...copy(), tools: ['b', 'a'] })).toBe(false)
    expect(sameFilters(copy(), { ...copy(), tools: ['a'] })).toBe(false)
    expect(sameFilters(copy(), { ...copy(), tools: ['a', 'b', 'c'] })).toBe(false)
  })
})
