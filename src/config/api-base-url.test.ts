import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { apiBaseOfConfig } from './api-base-url'
import { loadRuntimeConfig } from './runtime-config'

const PAGE = 'https://cms.example/typo3/module/diagnostics/runs?x=1'
const CONFIG_URL = '/dashboard/config.json'

/** config.json's answers: statuses, types, and bodies with every kind of `apiBaseUrl`. */
const baseValue = fc.oneof(
  fc.constantFrom(undefined, null, 3, '', ' javascript:alert(1)', 'JavaScript:x', '/api/v1/'),
  fc.constantFrom('api/v1', '../diagnostics', 'https://api.example/v1?eID=d#x', 'index.php?eID=x'),
  fc.string(),
)
const body = fc.oneof(
  fc
    .record(
      {
        apiBaseUrl: baseValue,
        apiTimeoutMs: fc.constantFrom(500, 30_000, 'slow'),
        demoScale: fc.constantFrom(1, 0),
        extra: fc.string(),
      },
      { requiredKeys: [] },
    )
    .map((value) => JSON.stringify(value)),
  fc.constantFrom('[]', 'null', '"x"', '{', '<!doctype html>', ''),
)
const answer = fc.record({
  status: fc.constantFrom(200, 200, 200, 404, 500),
  type: fc.constantFrom('application/json', 'text/html; charset=utf-8', ''),
  body,
})

describe('apiBaseOfConfig', () => {
  it('names the base loadRuntimeConfig gives whenever it gives one, and never another', async () => {
    await fc.assert(
      fc.asyncProperty(answer, async ({ status, type, body: text }) => {
        const respond = () => new Response(text, { status, headers: { 'content-type': type } })
        const early = await apiBaseOfConfig(respond(), CONFIG_URL, PAGE)
        const loaded = await loadRuntimeConfig(CONFIG_URL, async () => respond(), PAGE)
        if (loaded.ok) expect(early).toBe(loaded.config.apiBaseUrl)
        // A refused file may still name a base (another key was refused); a base not named
        // early is never one the app would use.
        if (early === null) expect(loaded.ok).toBe(false)
      }),
      { numRuns: 500 },
    )
  })
})
