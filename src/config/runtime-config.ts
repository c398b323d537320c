import { z } from '../domain/zod'
import {
  DEFAULT_API_BASE_URL,
  isApiBaseUrl,
  isMissingConfig,
  resolveApiBaseUrl,
} from './api-base-url'

export { DEFAULT_API_BASE_URL, resolveApiBaseUrl }

/** The installations a demo build can serve; production builds ignore the key. */
export const DEMO_VARIANTS = ['default', 'hostile', 'empty'] as const

/** `config.json` beside index.html; every key optional, unknown keys ignored. */
export const runtimeConfigSchema = z.object({
  apiBaseUrl: z
    .string()
    .min(1)
    .refine(isApiBaseUrl, 'must be a path or an http(s) URL')
    .default(DEFAULT_API_BASE_URL),
  /** How long one API request may take before it counts as unanswered (then retried). */
  apiTimeoutMs: z.number().int().min(1_000).max(600_000).default(30_000),
  /** Demo builds only: build the simulated installation at this many times its volume. */
  demoScale: z.number().int().min(1).max(1000).default(1),
  /** Demo builds only: which simulated installation to serve (tests use `hostile`, `empty`). */
  demoVariant: z.enum(DEMO_VARIANTS).default('default'),
  /** Demo builds only: also serve the optional pre-aggregated `/summary` (decision 0008). */
  demoSummaryEndpoint: z.boolean().default(false),
})

export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>

export type ConfigResult =
  { ok: true; config: RuntimeConfig; source: 'file' | 'defaults' } | { ok: false; problem: string }

/**
 * Reads `config.json` from the folder index.html is served from. A missing file (404, or the
 * index.html a single-page fallback serves instead) means the defaults; a file that is not JSON
 * or does not fit the schema is a problem to show on screen, never a blank page.
 */
export async function loadRuntimeConfig(
  url: string,
  fetchFn: typeof fetch = fetch,
  pageHref: string = globalThis.location?.href ?? 'http://localhost/',
): Promise<ConfigResult> {
  let response: Response
  try {
    response = await fetchFn(url, { credentials: 'same-origin', cache: 'no-cache' })
  } catch {
    return { ok: false, problem: `config.json could not be requested from ${url}.` }
  }
  if (isMissingConfig(response)) {
    return { ok: true, config: runtimeConfigSchema.parse({}), source: 'defaults' }
  }
  if (!response.ok) {
    return { ok: false, problem: `config.json answered HTTP ${response.status}.` }
  }
  let json: unknown
  try {
    json = JSON.parse(await response.text())
  } catch {
    return { ok: false, problem: 'config.json is not valid JSON.' }
  }
  const parsed = runtimeConfigSchema.safeParse(json)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const where = issue && issue.path.length > 0 ? issue.path.join('.') : 'the file'
    return { ok: false, problem: `config.json: ${where} ${issue?.message ?? 'is invalid'}.` }
  }
  const config = {
    ...parsed.data,
    apiBaseUrl: resolveApiBaseUrl(parsed.data.apiBaseUrl, url, pageHref),
  }
  return { ok: true, config, source: 'file' }
}
