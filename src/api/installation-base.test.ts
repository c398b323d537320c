import { describe, expect, it } from 'vitest'
import { buildUrl } from './request'
import { installationApi } from './installation-base'

describe('installationApi', () => {
  it('puts the installation after the base path, before its query', () => {
    const scoped = (baseUrl: string) => installationApi({ baseUrl, timeoutMs: 1 }, 'de.site_2')
    expect(scoped('https://x.test/api/diagnostics/v1').baseUrl).toBe(
      'https://x.test/api/diagnostics/v1/installations/de.site_2',
    )
    expect(scoped('/api/v1/').baseUrl).toBe('/api/v1/installations/de.site_2')
    const withQuery = scoped('https://x.test/index.php?eID=diagnostics#top')
    expect(withQuery.baseUrl).toBe(
      'https://x.test/index.php/installations/de.site_2?eID=diagnostics',
    )
    expect(buildUrl(withQuery.baseUrl, '/meta', { tz: 'UTC' })).toBe(
      'https://x.test/index.php/installations/de.site_2/meta?eID=diagnostics&tz=UTC',
    )
    expect(scoped('https://x.test/v1').timeoutMs).toBe(1)
  })
})
