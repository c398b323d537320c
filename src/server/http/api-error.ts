/** The header of every 503: ask again in 5 seconds. */
export const RETRY_LATER = { 'Retry-After': '5' }

/** An answer of the contract other than a success: route code throws it, one writer sends it. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
    /** Fields of the body beside `error` and `message` (a counting 503's `progress`). */
    readonly more: Record<string, unknown> = {},
  ) {
    super(message)
  }
}
