import { afterEach, describe, expect, it } from 'vitest'
import { http, HttpResponse } from 'msw'
import { forgetEarly } from '@/api/early-responses'
import { loadRuntimeConfig } from '@/config/runtime-config'
import { server } from '@/testing/msw-server'
import { askFirstRequests } from './early-requests'

afterEach(() => forgetEarly())

/** Records every GET under `/cms/`, answering 404. */
function recorded(): string[] {
  const asked: string[] = []
  server.use(
    http.get('*/cms/*', ({ request }) => {
      asked.push(new URL(request.url).pathname)
      return HttpResponse.json({ error: 'not_found' }, { status: 404 })
    }),
  )
  return asked
}

const page = (path: string) => ({
  href: `http://localhost${path}`,
  pathname: path.split('?')[0] ?? '',
  search: path.includes('?') ? path.slice(path.indexOf('?')) : '',
})

describe('askFirstRequests', () => {
  it('asks /meta and /tools under the base config.json names, and leaves its body to the app', async () => {
    const asked = recorded()
    const config = Promise.resolve(
      new Response(JSON.stringify({ apiBaseUrl: 'cms/v1' }), {
        headers: { 'content-type': 'application/json' },
      }),
    )
    askFirstRequests(config, '/dash/config.json', page('/tools/x'), () => 'UTC')
    const loaded = await loadRuntimeConfig(
      '/dash/config.json',
      () => config,
      'http://localhost/tools/x',
    )
    expect(loaded.ok && loaded.config.apiBaseUrl).toBe('http://localhost/dash/cms/v1')
    await expect.poll(() => [...asked].sort()).toEqual(['/dash/cms/v1/meta', '/dash/cms/v1/tools'])
  })

  it('on a runs page asks its list too; with a config it cannot read, asks nothing', async () => {
    const asked = recorded()
    const config = (body: string) =>
      Promise.resolve(new Response(body, { headers: { 'content-type': 'application/json' } }))
    askFirstRequests(
      config('{"apiBaseUrl":"/cms"}'),
      '/config.json',
      page('/runs?from=2026-11-01&to=2026-11-28&tz=UTC'),
      () => 'UTC',
    )
    await expect.poll(() => asked.length).toBe(3)
    expect(asked).toContain('/cms/run-list')
    forgetEarly()
    const none = recorded()
    askFirstRequests(
      config('{"apiBaseUrl":"javascript:x"}'),
      '/config.json',
      page('/runs'),
      () => 'UTC',
    )
    askFirstRequests(Promise.reject(new Error('offline')), '/config.json', page('/'), () => 'UTC')
    await new Promise((resolve) => setTimeout(resolve, 30))
    expect(none).toEqual([])
  })
})
