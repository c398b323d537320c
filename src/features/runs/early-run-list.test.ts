import { afterEach, describe, expect, it } from 'vitest'
import { QueryClient } from '@tanstack/react-query'
import { http, HttpResponse } from 'msw'
import { forgetEarly } from '@/api/early-responses'
import { parseSearch } from '@/app/search-params'
import { server } from '@/testing/msw-server'
import { askRunListEarly } from './early-run-list'
import { prefetchRunsPage, runsPageList } from './prefetch-runs-page'

const base = '/api/diagnostics/v1'

/** Runs pages whose URL fixes the list: orders, pages, filters, tools, zones, windows. */
const SEARCHES = [
  'from=2025-11-29&to=2026-11-28&tz=UTC&sort=rounds&dir=desc',
  'from=2026-11-01&to=2026-11-28&tz=Asia%2FKolkata&page=3&sort=duration&dir=asc',
  'from=2026-11-01&to=2026-11-28&tool=update_page_metadata&tool=a%20%22b%22&outcome=refused-arguments',
  'from=2026-03-20&to=2026-04-02&tz=America%2FNew_York&status=failed&configuration=x%26y',
  'from=2026-11-01&to=2026-11-28&tz=UTC&page=40',
]

afterEach(() => forgetEarly())

describe('the runs list asked from the entry', () => {
  it.each(SEARCHES)(
    'is the request the page makes, so the page asks nothing (%s)',
    async (search) => {
      expect(runsPageList(parseSearch(`?${search}`), 'Europe/Berlin')).not.toBeNull()
      const asked: string[] = []
      server.use(
        http.get(`${base}/run-list`, ({ request }) => {
          asked.push(request.url)
          const offset = Number(new URL(request.url).searchParams.get('offset') ?? 0)
          return HttpResponse.json({
            rows: [],
            offset,
            totalRuns: 0,
            calls: 0,
            rangeRuns: 0,
            configurations: [],
            statuses: [],
            otherCodes: [],
          })
        }),
      )
      askRunListEarly(base, parseSearch(`?${search}`), 'Europe/Berlin')
      const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
      prefetchRunsPage(client, { baseUrl: base }, parseSearch(`?${search}`), 'Europe/Berlin')
      await expect.poll(() => client.isFetching()).toBe(0)
      // A later page past the (empty) list's end asks the first page too; the first page once.
      const pages = /page=\d/.test(search) ? 2 : 1
      expect(asked).toHaveLength(pages)
      expect(client.getQueryCache().findAll()[0]?.state.status).toBe('success')
    },
  )

  it('asks nothing when the page’s list depends on /meta', async () => {
    const asked: string[] = []
    server.use(http.get(`${base}/run-list`, ({ request }) => void asked.push(request.url)))
    askRunListEarly(base, parseSearch('?sort=rounds'), 'UTC')
    askRunListEarly(base, parseSearch('?from=2026-11-01&to=2026-11-28&installation=site-a'), 'UTC')
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(asked).toEqual([])
  })
})
