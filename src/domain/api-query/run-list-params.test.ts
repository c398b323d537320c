import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { RUN_SORT_KEYS } from '../runs/sort-rows'
import { parseRunListParams, runListSearch, type RunListQuery } from './run-list-params'

const parse = (query: string) => parseRunListParams(new URLSearchParams(query))
const R = 'from=2026-11-01T00:00:00Z&to=2026-11-29T00:15:00Z'

describe('the query of GET /run-list', () => {
  it("reads the page's own filters, order and page; newest first and 100 rows without", () => {
    expect(parse(R)).toEqual({
      ok: true,
      from: Date.parse('2026-11-01T00:00:00Z'),
      to: Date.parse('2026-11-29T00:15:00Z'),
      tools: [],
      filters: { outcome: null, configuration: null, status: null },
      sort: { key: 'startedMs', desc: true },
      format: 'json',
      offset: 0,
      limit: 100,
    })
    expect(parse(`${R}&sort=configuration`)).toMatchObject({
      sort: { key: 'configuration', desc: false },
    })
    expect(
      parse(
        `${R}&tool=__proto__&outcome=refused-&configuration=&status=x&dir=asc&offset=7&limit=1000`,
      ),
    ).toMatchObject({
      tools: ['__proto__'],
      filters: { outcome: { kind: 'refused', code: '' }, configuration: '', status: 'x' },
      sort: { key: 'startedMs', desc: false },
      offset: 7,
      limit: 1000,
    })
    expect(parse(`${R}&format=csv&tz=Asia/Kolkata`)).toMatchObject({
      format: 'csv',
      tz: 'Asia/Kolkata',
    })
  })

  it.each([
    ['', /required/],
    ['from=2026-11-01T00:07:00Z&to=2026-11-29T00:00:00Z', /quarter hour/],
    [`${R}&outcome=nice`, /"outcome"/],
    [`${R}&sort=__proto__`, /"sort"/],
    [`${R}&sort=startedMs`, /"sort"/],
    [`${R}&dir=up`, /"dir"/],
    [`${R}&offset=-1`, /"offset"/],
    [`${R}&limit=0`, /"limit"/],
    [`${R}&limit=1001`, /"limit"/],
    [`${R}&status=a&status=b`, /only once/],
    [`${R}&format=xlsx`, /csv/],
    [`${R}&format=csv`, /"tz"/],
    [`${R}&format=csv&tz=Mars/Base`, /"tz"/],
  ])('refuses %j with a sentence that says why', (query, message) => {
    const parsed = parse(query)
    expect(parsed.ok).toBe(false)
    if (!parsed.ok) expect(parsed.message).toMatch(message)
  })

  it('reads back every query it writes', () => {
    const text = fc.string({ unit: 'grapheme', maxLength: 12 })
    fc.assert(
      fc.property(
        fc.record({
          from: fc.integer({ min: 0, max: 100_000 }).map((n) => n * 900_000),
          span: fc.integer({ min: 1, max: 40_000 }),
          tools: fc.array(text, { maxLength: 3 }),
          outcome: fc.option(
            fc.oneof(
              fc
                .constantFrom('failed', 'denied', 'clean', 'refused-any')
                .map((kind) => ({ kind }) as never),
              text.map((code) => ({ kind: 'refused', code }) as never),
            ),
            { nil: null },
          ),
          configuration: fc.option(text, { nil: null }),
          status: fc.option(text, { nil: null }),
          key: fc.constantFrom(...RUN_SORT_KEYS),
          desc: fc.boolean(),
          offset: fc.nat(1_000_000),
          limit: fc.integer({ min: 1, max: 1000 }),
        }),
        (q) => {
          const query: RunListQuery = {
            from: q.from,
            to: q.from + q.span * 900_000,
            tools: q.tools,
            filters: { outcome: q.outcome, configuration: q.configuration, status: q.status },
            sort: { key: q.key, desc: q.desc },
          }
          const page = { offset: q.offset, limit: q.limit }
          expect(parseRunListParams(runListSearch(query, page))).toEqual({
            ok: true,
            ...query,
            format: 'json',
            ...page,
          })
        },
      ),
    )
  })
})
