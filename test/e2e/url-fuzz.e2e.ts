/**
 * Any value of any URL parameter, on any page, never crashes it: fast-check draws search
 * parameters (known names and others, repeated, hostile, random Unicode, malformed percent
 * escapes) and run uuids; after each the page has thrown nothing and the shell still stands.
 * Most samples navigate inside the app (the router reads a new URL as after Back); a bounded
 * number load the page from scratch.
 */
import fc from 'fast-check'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HOSTILE_CORPUS } from '../fixtures/hostile-corpus'
import { openWith, shellIsUp, trapHits } from '../fixtures/probes'
import { type ProbedPage } from './browser'
import { demoSession } from './demo-session'

const PAGES = ['/', '/tools', '/runs', '/checker'] as const
const NAMES = [
  'from',
  'to',
  'tz',
  'tool',
  'preset',
  'outcome',
  'configuration',
  'status',
  'sort',
  'q',
  'decision',
  'window',
  'x',
]

const value = fc.oneof(
  fc.constantFrom(...HOSTILE_CORPUS.map((entry) => entry.value)),
  fc.constantFrom(
    '',
    '2026-02-30',
    '2026-11-05',
    '9999-12-31',
    '0000-01-01',
    '-1',
    '1e309',
    'NaN',
    'UTC',
    'Europe/Berlin',
    'Mars/Olympus',
    'last-7-days',
    'all',
    'true',
    '[]',
    '{}',
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.integer().map(String),
)
const search = fc.array(fc.tuple(fc.constantFrom(...NAMES), value), { maxLength: 6 })
/** Raw query strings that are not valid percent-encoding or use the separators oddly. */
const rawQuery = fc
  .array(
    fc.constantFrom(
      '%',
      '%E0%A4%A',
      '%ZZ',
      '%00',
      '&',
      '=',
      '==',
      '+',
      ';',
      '#',
      '?',
      'from',
      'tool',
      'tz',
      '%2F',
      '%u0041',
      'x',
    ),
    { maxLength: 12 },
  )
  .map((parts) => parts.join(''))

const session = demoSession()
let probe: ProbedPage

beforeAll(async () => {
  probe = await openWith(session.browser, session.url, '/')
  await probe.page.getByRole('navigation', { name: 'Main' }).waitFor({ timeout: 30_000 })
})
afterAll(async () => {
  await probe?.close()
})

/** Navigates inside the app, as Back/Forward would, and waits for the router to render. */
async function navigate(page: Page, url: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to)
    window.dispatchEvent(new PopStateEvent('popstate'))
  }, url)
  await page.waitForTimeout(120)
}

async function expectStanding(url: string): Promise<void> {
  const { page, pageErrors } = probe
  expect(pageErrors, url).toEqual([])
  await expect.poll(() => shellIsUp(page), { timeout: 10_000, message: url }).toBe(true)
  expect(await trapHits(page), url).toEqual([])
}

describe('fuzzed URLs', () => {
  it('never crash a page when navigated to inside the app', async () => {
    // The navigation really reaches the router: the page changes with the URL.
    await navigate(probe.page, '/checker')
    await expect.poll(() => probe.page.locator('main h1').first().innerText()).toBe('Checker')
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...PAGES), search, async (path, params) => {
        const query = new URLSearchParams(params).toString()
        const url = `${path}${query ? `?${query}` : ''}`
        await navigate(probe.page, url)
        await expectStanding(url)
      }),
      { numRuns: 60, seed: 9, endOnFailure: true },
    )
  }, 120_000)

  it('never crash a page with malformed query strings or run uuids', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.tuple(fc.constantFrom(...PAGES), rawQuery).map(([path, raw]) => `${path}?${raw}`),
          fc
            .oneof(value, rawQuery)
            .map((id) => `/runs/${encodeURIComponent(id.toWellFormed()) || 'x'}`),
        ),
        async (url) => {
          await navigate(probe.page, url)
          await expectStanding(url)
        },
      ),
      { numRuns: 40, seed: 10, endOnFailure: true },
    )
  }, 120_000)

  it('follows a history change made at any moment while the app starts', async () => {
    // Back or Forward pressed while the app is still starting: the page shown must follow.
    const page = await session.browser.newPage()
    try {
      for (const delayMs of [0, 50, 100, 150, 200, 250, 300, 400, 600]) {
        await page.goto(session.url)
        await page.waitForTimeout(delayMs)
        await navigate(page, '/checker')
        await expect
          .poll(() => page.locator('main h1').first().innerText(), {
            timeout: 10_000,
            message: `history changed ${delayMs} ms after the start`,
          })
          .toBe('Checker')
      }
    } finally {
      await page.close()
    }
  }, 120_000)

  it('never crash a page loaded from scratch with fuzzed parameters', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...PAGES), search, async (path, params) => {
        const query = new URLSearchParams(params).toString()
        const url = `${path}${query ? `?${query}` : ''}`
        await probe.page.goto(`${session.url}${url.slice(1)}`)
        await probe.page.getByRole('navigation', { name: 'Main' }).waitFor({ timeout: 15_000 })
        await expectStanding(url)
      }),
      { numRuns: 8, seed: 11, endOnFailure: true },
    )
  }, 120_000)
})
