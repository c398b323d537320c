import { beforeEach, describe, expect, it } from 'vitest'
import { metaSchema, runSchema, runsPageSchema, toolsResponseSchema } from '@/domain/contract'
import { createInstallation } from '../installation'
import { server } from '@/testing/msw-server'
import { apiUrl } from '../testing/fetch-all-runs'
import { createHandlers } from './create-handlers'
import { handlers } from '.'

beforeEach(() => server.use(...handlers))

const get = async (path: string, base?: string): Promise<unknown> => {
  const response = await fetch(apiUrl(path, base))
  expect(response.status).toBe(200)
  return response.json()
}

describe('every mock response fits the contract schemas', () => {
  it('meta', async () => {
    const meta = metaSchema.parse(await get('/meta'))
    expect(meta).toMatchObject({
      installation: 'Demo installation',
      privacyLevel: 'metadata',
      retentionDays: 90,
      argumentCheckSince: '2026-11-05T09:00:00.000Z',
    })
    expect(meta.earliestAt?.startsWith('2026-09-01')).toBe(true)
    expect(meta.latestAt?.startsWith('2026-11-28')).toBe(true)
  })

  it('tools', async () => {
    const { tools } = toolsResponseSchema.parse(await get('/tools'))
    expect(tools.length).toBeGreaterThanOrEqual(50)
    expect(new Set(tools.filter((t) => t.source === 'mcp').map((t) => t.server))).toEqual(
      new Set(['dam', 'termbase', 'crm']),
    )
    // Every tool says whether the CMS offers it now; some that ran are not offered any more.
    expect(tools.every((t) => typeof t.offered === 'boolean')).toBe(true)
    const notOffered = tools.filter((t) => t.offered === false).map((t) => t.name)
    expect(notOffered).toEqual(
      expect.arrayContaining([
        'attach_file_to_content_element',
        'list_be_users',
        'mcp_termbase_add_term',
        'mcp_dam_delete_asset',
        'mcp_crm_find_contact',
      ]),
    )
    expect(tools.find((t) => t.name === 'mcp_dam_search_assets')?.offered).toBe(true)
  })

  it('runs pages and single runs, unfiltered and filtered', async () => {
    const pages = [
      '/runs',
      '/runs?limit=500',
      '/runs?from=2026-11-05T09:00:00Z&tool=update_page_metadata&tool=ask_choice',
      '/runs?to=2026-09-08T00:00:00%2B02:00&limit=3',
    ]
    for (const path of pages) {
      const page = runsPageSchema.parse(await get(path))
      expect(page.runs.length).toBeGreaterThan(0)
      const first = page.runs[0]
      if (first === undefined) continue
      const run = runSchema.parse(await get(`/runs/${first.uuid}`))
      expect(run).toEqual(first)
    }
  })

  it('serves no text field on any step', async () => {
    const text = JSON.stringify(await get('/runs?limit=500'))
    for (const key of [
      'content',
      'thinking',
      'messagesSent',
      'toolArguments',
      'toolResult',
      'raw',
    ]) {
      expect(text).not.toContain(`"${key}"`)
    }
  })
})

describe('determinism', () => {
  it('gives byte-identical responses for the same seed from two separate installations', async () => {
    server.use(
      ...createHandlers({ baseUrl: 'http://one.test/v1', installation: createInstallation() }),
      ...createHandlers({ baseUrl: 'http://two.test/v1', installation: createInstallation() }),
    )
    const paths = [
      '/meta',
      '/tools',
      '/runs?limit=500',
      '/runs?from=2026-10-01T00:00:00Z&to=2026-11-20T00:00:00Z&tool=update_page_metadata&limit=50',
    ]
    const read = async (base: string): Promise<string[]> => {
      const texts: string[] = []
      for (const path of paths) texts.push(await (await fetch(`${base}${path}`)).text())
      const cursor = (JSON.parse(texts[2] ?? '{}') as { nextCursor?: string }).nextCursor
      texts.push(await (await fetch(`${base}/runs?limit=500&cursor=${cursor ?? ''}`)).text())
      return texts
    }
    const one = await read('http://one.test/v1')
    const two = await read('http://two.test/v1')
    expect(one.join('\n').length).toBeGreaterThan(100_000)
    expect(two).toEqual(one)
  })

  it('builds a different installation for a different seed', () => {
    const a = createInstallation({ seed: 1 }).queryRuns(
      { from: null, to: null, tools: [] },
      null,
      5,
    )
    const b = createInstallation({ seed: 2 }).queryRuns(
      { from: null, to: null, tools: [] },
      null,
      5,
    )
    expect(JSON.stringify(a.runs)).not.toEqual(JSON.stringify(b.runs))
  })
})
