/*
 * Requests asked before the app's code has loaded (decision 0030): the entry asks what the
 * first page will ask (`/meta`, `/tools`, a runs page's list) as soon as config.json names the
 * API, and `request` takes each answer once, for the same URL and `Accept`, instead of asking
 * again. Plain `fetch` with `request`'s own method, credentials and headers, so the answer is
 * the one the app's request would have had; one not taken soon is dropped.
 */

/** How long an early answer waits to be taken: past this, the app asks afresh. */
export const EARLY_KEPT_MS = 15_000

interface Early {
  response: Promise<Response>
  /** Aborts the request (its answer's body too). */
  controller: AbortController
  /** Drops it when it has not been taken in time. */
  timer: ReturnType<typeof setTimeout>
}

const asked = new Map<string, Early>()

const keyOf = (url: string, accept: string) => `${accept} ${url}`

/** The request `request` sends for `url`, as fetch's options. */
export const getOptions = (accept: string): RequestInit => ({
  method: 'GET',
  credentials: 'same-origin',
  headers: { Accept: accept },
})

/**
 * Asks `url` now, for the app's first request of it; a second ask of the same is ignored. Not
 * taken within {@link EARLY_KEPT_MS}, it is aborted and forgotten.
 */
export function askEarly(url: string, accept = 'application/json', fetchFn: typeof fetch = fetch) {
  const key = keyOf(url, accept)
  if (asked.has(key)) return
  const controller = new AbortController()
  const response = fetchFn(url, { ...getOptions(accept), signal: controller.signal })
  // A failure is the taker's to report, as its own request's would be; none may go unhandled.
  response.catch(() => undefined)
  const timer = setTimeout(() => {
    asked.delete(key)
    controller.abort()
  }, EARLY_KEPT_MS)
  asked.set(key, { response, controller, timer })
}

/**
 * The early answer to `url` with `accept`, once (a later request asks afresh), bound to `signal`
 * from now on (its abort aborts the request and the reading of its body); undefined when none
 * was asked, it was taken, or it was dropped.
 */
export function takeEarly(
  url: string,
  accept: string,
  signal: AbortSignal,
): Promise<Response> | undefined {
  const key = keyOf(url, accept)
  const early = asked.get(key)
  if (early === undefined) return undefined
  asked.delete(key)
  clearTimeout(early.timer)
  if (signal.aborted) early.controller.abort(signal.reason)
  else signal.addEventListener('abort', () => early.controller.abort(signal.reason), { once: true })
  return early.response
}

/** Forgets every early request (tests). */
export function forgetEarly(): void {
  for (const early of asked.values()) clearTimeout(early.timer)
  asked.clear()
}
