import type { z } from '../domain/zod'
import { errorBodySchema } from '../domain/contract'
import {
  ContractError,
  HtmlPageError,
  HttpError,
  NetworkError,
  TimeoutError,
  parseRetryAfter,
} from './errors'
import { getOptions, takeEarly } from './early-responses'
import { formatJsonPath } from './json-path'
import { buildUrl, type QueryValue } from './url'

export { buildUrl, type QueryValue }

export const DEFAULT_TIMEOUT_MS = 30_000

export interface ApiConfig {
  /** Base URL of the diagnostics API, relative to the page (`/api/diagnostics/v1`) or absolute. */
  baseUrl: string
  timeoutMs?: number
  fetchFn?: typeof fetch
}

export interface RequestOptions<S extends z.ZodType> {
  /** Endpoint path below the base URL, e.g. `/runs` — also how errors name the endpoint. */
  path: string
  schema: S
  query?: Record<string, QueryValue>
  signal?: AbortSignal
  /**
   * A faster validator for large bodies that returns exactly what `schema` would, or null when
   * unsure; zod then decides (and names the path of a contract error).
   */
  fast?: (json: unknown) => z.infer<S> | null
}

/**
 * The one wrapper for every API call: same-origin credentials, the caller's AbortSignal, a
 * timeout, and a validated body. Throws HttpError, NetworkError, TimeoutError or ContractError;
 * an abort by the caller is rethrown as the caller's own abort reason.
 */
export async function request<S extends z.ZodType>(
  config: ApiConfig,
  { path, schema, query, signal, fast }: RequestOptions<S>,
): Promise<z.infer<S>> {
  const { response, body } = await send(config, path, query, signal, 'application/json', (r) =>
    r.text(),
  )
  if (!response.ok) throw httpError(path, response, body)
  return validate(path, schema, body, fast, response.headers.get('content-type'))
}

/**
 * A file the API sends (not JSON), byte for byte, with {@link request}'s credentials, timeout and
 * errors: as text a CSV's byte-order mark would be dropped.
 */
export async function requestBytes(
  config: ApiConfig,
  {
    path,
    query,
    signal,
    accept,
  }: Pick<RequestOptions<z.ZodType>, 'path' | 'query' | 'signal'> & {
    accept: string
  },
): Promise<ArrayBuffer> {
  const { response, body } = await send(config, path, query, signal, accept, (r) => r.arrayBuffer())
  if (!response.ok) throw httpError(path, response, new TextDecoder().decode(body))
  return body
}

/** One GET within the timeout, its body read by `read`; the typed errors of {@link request}. */
async function send<T>(
  config: ApiConfig,
  path: string,
  query: RequestOptions<z.ZodType>['query'],
  signal: AbortSignal | undefined,
  accept: string,
  read: (response: Response) => Promise<T>,
): Promise<{ response: Response; body: T }> {
  const timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS
  const fetchFn = config.fetchFn ?? fetch
  const timeout = new AbortController()
  const timer = setTimeout(() => timeout.abort(), timeoutMs)
  const combined = signal ? AbortSignal.any([signal, timeout.signal]) : timeout.signal
  try {
    const url = buildUrl(config.baseUrl, path, query)
    // The entry may have asked this already (decision 0030); a page with its own fetch did not.
    const early = config.fetchFn === undefined ? takeEarly(url, accept, combined) : undefined
    const response = await (early ?? fetchFn(url, { ...getOptions(accept), signal: combined }))
    return { response, body: await read(response) }
  } catch (error) {
    if (signal?.aborted) throw signal.reason ?? error
    if (timeout.signal.aborted) throw new TimeoutError(path, timeoutMs)
    throw new NetworkError(path)
  } finally {
    clearTimeout(timer)
  }
}

function httpError(path: string, response: Response, text: string): HttpError {
  let code: string | null = null
  let message: string | null = null
  let progress: number | null = null
  try {
    const body = errorBodySchema.safeParse(JSON.parse(text))
    if (body.success) {
      code = body.data.error ?? null
      message = body.data.message ?? null
      const share = body.data.progress
      progress = typeof share === 'number' && share >= 0 && share <= 1 ? share : null
    }
  } catch {
    // A proxy's HTML page or an empty body: the status alone has to do.
  }
  const retryAfter = parseRetryAfter(response.headers.get('retry-after'))
  return new HttpError(path, response.status, code, message, retryAfter, progress)
}

/**
 * Whether a body that is no JSON is an HTML page: said so by its content type, or beginning
 * with `<` (a login page or proxy page served as `application/json` or with no type at all).
 */
function isHtmlPage(contentType: string | null, text: string): boolean {
  if (contentType !== null && /\b(text\/html|application\/xhtml\+xml)\b/i.test(contentType)) {
    return true
  }
  return text.trimStart().startsWith('<')
}

function validate<S extends z.ZodType>(
  path: string,
  schema: S,
  text: string,
  fast: RequestOptions<S>['fast'],
  contentType: string | null,
): z.infer<S> {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    // Single sign-on in front of the CMS answers an ended session with its login page, 200 OK.
    if (isHtmlPage(contentType, text)) throw new HtmlPageError(path)
    throw new ContractError(path, '', 'the body is not valid JSON')
  }
  const quick = fast?.(json)
  if (quick !== undefined && quick !== null) return quick
  const parsed = schema.safeParse(json)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw new ContractError(
      path,
      issue ? formatJsonPath(issue.path) : '',
      issue?.message ?? 'an unexpected shape',
    )
  }
  return parsed.data
}
