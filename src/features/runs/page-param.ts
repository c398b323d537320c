import { RUN_LIST_DEFAULT_LIMIT } from '@/domain/api-query'
import { describeValue } from '@/domain/filters/describe-value'
import { readSingle, type UncheckedSearch } from '@/domain/filters/read-param'
import { formatCount } from '@/components/ui/format-count'

/** Runs on one page of a list the installation serves. */
export const RUNS_PAGE_SIZE = RUN_LIST_DEFAULT_LIMIT

/** The URL parameter of the page shown (1-based; left out for the first). */
export const PAGE_PARAM = 'page'

/**
 * The highest page a URL may ask for: its offset must stay within what the API takes (up to
 * nine digits), so a made-up link is not sent as a query the server rejects.
 */
export const MAX_PAGE = Math.floor(999_999_999 / RUNS_PAGE_SIZE) + 1

export interface ParsedPage {
  /** 1-based; 1 when the URL names none or one that is not a page. */
  page: number
  /** One plain-English line when the parameter was ignored. */
  ignored: string[]
}

/**
 * The `page` parameter of a runs list's URL. Never throws: missing or blank is page 1; a value
 * that is not a whole number from 1 to {@link MAX_PAGE} (0, -2, 2.5, "x", a repeated one's
 * extras) is ignored with a line, and the first page shown.
 */
export function parsePageParam(raw: UncheckedSearch): ParsedPage {
  const ignored: string[] = []
  const value = readSingle(raw, PAGE_PARAM, ignored)
  if (value === undefined) return { page: 1, ignored }
  const page = typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : Number.NaN
  if (!(page >= 1 && page <= MAX_PAGE)) {
    ignored.push(
      `Ignored page=${describeValue(value)}: not a page number from 1 to ${formatCount(MAX_PAGE)}; showing the first page`,
    )
    return { page: 1, ignored }
  }
  return { page, ignored }
}

/** The first run (0-based) of `page` (1-based). */
export const offsetOfPage = (page: number): number => (page - 1) * RUNS_PAGE_SIZE

/** The page (1-based) a list from `offset` on is. */
export const pageOfOffset = (offset: number): number => Math.floor(offset / RUNS_PAGE_SIZE) + 1

/** How many pages `totalRuns` runs take; at least 1 (an empty list is one empty page). */
export const pageCount = (totalRuns: number): number =>
  Math.max(1, Math.ceil(totalRuns / RUNS_PAGE_SIZE))

/** The line for a page past the list's end, which shows the first page instead. */
export function beyondEndLine(page: number, totalRuns: number): string {
  const pages = pageCount(totalRuns)
  const has = totalRuns === 0 ? 'no run' : `${formatCount(pages)} ${pages === 1 ? 'page' : 'pages'}`
  return `Ignored page=${page}: this list has ${has}; showing the first page`
}

/** The URL search of `prev` showing `page`: `page=N`, or none for the first. */
export function withPage<V>(prev: Record<string, V>, page: number): Record<string, V | string> {
  const rest = Object.fromEntries(Object.entries(prev).filter(([key]) => key !== PAGE_PARAM))
  return page > 1 ? { ...rest, [PAGE_PARAM]: String(page) } : rest
}
