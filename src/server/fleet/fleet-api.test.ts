/**
 * The API over ClickHouse answers each installation under `/installations/<name>/` as that
 * installation's own server does (`/meta`, `/tools`, `/summary`), lists the installations, sums
 * them at its base, and refuses what it does not offer in the contract's words.
 */
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { API_BASE } from '../http/api-handler'
import { listen, type Listening } from '../http/listen'
import { allPages, askServer } from '../testing/ask'
import { runArb, toRun } from '../testing/generated-runs'
import { Exporter } from './exporter'
import { startFleetFixture, type FleetFixture } from './fleet-fixture'
import { createFleetHandler } from './fleet-handler'
import { latestOf } from './fleet-reads'

const runs = fc
  .sample(fc.uniqueArray(runArb, { selector: (run) => run.uuid, minLength: 8 }), {
    seed: 7,
    numRuns: 1,
  })[0]
  ?.map(toRun)

let fixture: FleetFixture
let fleet: Listening

beforeAll(async () => {
  fixture = await startFleetFixture(runs ?? [])
  const settings = {
    installation: 'Generated',
    privacyLevel: 'metadata',
    retentionDays: null,
    argumentCheckSince: null,
  }
  await new Exporter(fixture.reader, fixture.ch, 'site-a', { settings, builtinTools: [] }).pass()
  await new Exporter(fixture.reader, fixture.ch, 'site-b', {
    settings: {
      ...settings,
      privacyLevel: 'full',
      retentionDays: 30,
      argumentCheckSince: '2026-10-02T01:00:00+02:00',
    },
    builtinTools: null,
  }).pass()
  fleet = await listen({
    handle: createFleetHandler({ ch: fixture.ch, tokens: null, log: () => undefined }),
    host: '127.0.0.1',
    port: 0,
  })
}, 120_000)

afterAll(async () => {
  await fleet?.close()
  await fixture?.stop()
})

const RANGE = 'from=2026-10-20T00:00:00.000Z&to=2026-11-10T00:00:00.000Z'

describe('the API over ClickHouse', () => {
  it('answers an installation as its own server does', async () => {
    const own = askServer(fixture.served.base)
    const fleetAsk = askServer(`${fleet.url}${API_BASE}/installations/site-a`)
    for (const path of [
      '/meta',
      '/tools',
      `/summary?${RANGE}&tz=UTC`,
      `/summary?${RANGE}&tz=Asia%2FKolkata&tool=update_page_metadata`,
      `/summary?${RANGE}&tz=asia%2Fkolkata`,
    ]) {
      const [expected, answered] = await Promise.all([own(path), fleetAsk(path)])
      expect(expected.status, path).toBe(200)
      expect(answered, path).toEqual(expected)
    }
  })

  it('lists the installations and sums them at its base', async () => {
    const ask = askServer(`${fleet.url}${API_BASE}`)
    const listed = await ask('/installations')
    expect(listed.status).toBe(200)
    const names = (listed.body as { installations: { name: string }[] }).installations
    expect(names.map((entry) => entry.name)).toEqual(['site-a', 'site-b'])
    const one = (await ask(`/installations/site-b/summary?${RANGE}&tz=UTC`)).body as {
      runs: number
    }
    const all = (await ask(`/summary?${RANGE}&tz=UTC`)).body as { runs: number }
    expect(one.runs).toBeGreaterThan(0)
    expect(all.runs).toBe(2 * one.runs)
    // A run asked at the base: from the first installation that records it.
    const page = (await ask('/installations/site-a/runs?limit=1')).body as {
      runs: { uuid: string }[]
    }
    const uuid = page.runs[0]?.uuid ?? ''
    // The first installation (A→Z) that records it, named.
    const own = await ask(`/installations/site-a/runs/${uuid}`)
    expect(await ask(`/runs/${uuid}`)).toEqual({
      ...own,
      body: { ...(own.body as object), installation: 'site-a' },
    })
    expect((await ask('/runs/no-such-run')).status).toBe(404)
  })

  it('lists the runs of every installation together at its base, page by page', async () => {
    const ask = askServer(`${fleet.url}${API_BASE}`)
    for (const search of [`${RANGE}`, `${RANGE}&tool=update_page_metadata`, '']) {
      const all = (await allPages(ask, `/runs?${search}&limit=7`, 500)).map(
        (page) => page.body as { runs: { uuid: string; startedAt: string }[]; totalRuns: number },
      )
      const listed = all.flatMap((page) => page.runs)
      const one = (await allPages(ask, `/installations/site-a/runs?${search}&limit=500`)).flatMap(
        (page) => (page.body as { runs: { uuid: string }[] }).runs,
      )
      expect(one.length).toBeGreaterThan(0)
      expect(all[0]?.totalRuns).toBe(2 * one.length)
      // Each of site-a's runs twice, once of each installation (their rows are copies), each
      // naming its installation: a client counts them apart.
      expect(listed).toEqual(
        one.flatMap((run) => [
          { ...run, installation: 'site-a' },
          { ...run, installation: 'site-b' },
        ]),
      )
    }
    expect((await ask('/runs?cursor=nonsense')).status).toBe(400)
  })

  it('answers /meta and /tools of every installation together at its base', async () => {
    const ask = askServer(`${fleet.url}${API_BASE}`)
    const [meta, a, b] = await Promise.all(
      ['/meta', '/installations/site-a/meta', '/installations/site-b/meta'].map(ask),
    )
    expect(meta?.status).toBe(200)
    const one = a?.body as { earliestAt: string; latestAt: string }
    expect(b?.body).toMatchObject({ earliestAt: one.earliestAt, latestAt: one.latestAt })
    expect(meta?.body).toEqual({
      installation: 'All installations (2)',
      privacyLevel: 'mixed',
      earliestAt: one.earliestAt,
      latestAt: one.latestAt,
      retentionDays: 30,
      // site-a does not check arguments.
      argumentCheckSince: null,
      installations: 2,
    })
    const tools = await ask('/tools')
    const ownTools = (await ask('/installations/site-a/tools')).body as { tools: unknown[] }
    expect(tools.body).toEqual({ tools: ownTools.tools, builtinListed: false })
  })

  it('starts the check for all where every installation has it', () => {
    // The later instant, though it sorts first as text.
    expect(latestOf(['2026-10-02T01:00:00+02:00', '2026-10-01T23:30:00Z'])).toBe(
      '2026-10-01T23:30:00Z',
    )
    expect(latestOf(['2026-10-02T01:00:00+02:00', null])).toBeNull()
    expect(latestOf([])).toBeNull()
  })

  it('says what it does not answer', async () => {
    const ask = askServer(`${fleet.url}${API_BASE}`)
    for (const [path, status, error] of [
      ['/installations/nowhere/meta', 404, 'not_found'],
      ['/installations/..%2Fsite-a/meta', 404, 'not_found'],
      ['/run-list', 501, 'not_offered'],
      ['/installations/site-a/summary?from=x', 400, 'bad_request'],
      ['/run-rows', 501, 'not_offered'],
      ['/installations/%E0%A4%A/meta', 404, 'not_found'],
      ['/installations/site-a/nonsense', 404, 'not_found'],
      ['/nonsense', 404, 'not_found'],
      ['/installations/site-a/runs/%E0%A4%A', 400, 'bad_request'],
    ] as const) {
      const answer = await ask(path)
      expect(answer.status, path).toBe(status)
      expect((answer.body as { error: string }).error, path).toBe(error)
    }
  })
})
