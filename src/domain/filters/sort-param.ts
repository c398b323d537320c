import { describeValue } from './describe-value'
import { readSingle, type UncheckedSearch } from './read-param'

/** A table's order: one column, one direction. */
export interface TableSort<K extends string> {
  key: K
  desc: boolean
}

/** What a table's `sort` and `dir` params may name, and what they mean without them. */
export interface SortParamSpec<K extends string> {
  /** The URL name (`sort=<name>`) of each key that is always there. */
  params: Readonly<Record<K, string>>
  /** The order when the URL names none (also the fallback of an unknown `sort`). */
  fallback: TableSort<K>
  /** How the fallback reads to a person, e.g. "newest first". */
  fallbackText: string
  /** The first direction of a column (a click's): text A→Z, numbers largest first. */
  isText: (key: K) => boolean
  /** Keys made from data (a column per refusal code): the URL name maps to itself when accepted. */
  dynamic?: (param: string) => K | null
}

export interface ParsedSort<K extends string> {
  sort: TableSort<K>
  /** One plain-English line per parameter that was ignored. */
  ignored: string[]
}

/**
 * The `sort` and `dir` params of a table, the same shape on every page. Never throws: no `sort`
 * means the spec's fallback; no `dir` the column's first direction (as a click gives); an
 * unknown `sort` falls back to the fallback order (its `dir` with it) and an unknown `dir` to
 * the column's first direction, each with a line in `ignored`; a repeated one keeps its first.
 */
export function parseSortParams<K extends string>(
  raw: UncheckedSearch,
  spec: SortParamSpec<K>,
): ParsedSort<K> {
  const ignored: string[] = []
  const rawKey = readSingle(raw, 'sort', ignored)
  const rawDir = readSingle(raw, 'dir', ignored)
  const names = Object.entries(spec.params) as [K, string][]
  let key: K = spec.fallback.key
  if (rawKey !== undefined) {
    const known =
      typeof rawKey === 'string'
        ? (names.find(([, name]) => name === rawKey)?.[0] ?? spec.dynamic?.(rawKey) ?? undefined)
        : undefined
    if (known === undefined) {
      ignored.push(
        `Ignored sort=${describeValue(rawKey)}${rawDir === undefined ? '' : ` and dir=${describeValue(rawDir)}`}: not one of ${names.map(([, n]) => n).join(', ')}; ${spec.fallbackText} instead`,
      )
      return { sort: spec.fallback, ignored }
    }
    key = known
  }
  if (rawDir === 'asc' || rawDir === 'desc')
    return { sort: { key, desc: rawDir === 'desc' }, ignored }
  if (rawDir !== undefined) ignored.push(`Ignored dir=${describeValue(rawDir)}: not asc or desc`)
  return { sort: { key, desc: !spec.isText(key) }, ignored }
}

/**
 * The URL params of a sort: none for the fallback order (plain links stay short), else `sort`
 * and `dir` both, which {@link parseSortParams} reads back to the same sort.
 */
export function sortParams<K extends string>(
  sort: TableSort<K>,
  spec: SortParamSpec<K>,
): { sort?: string; dir?: 'asc' | 'desc' } {
  if (sort.key === spec.fallback.key && sort.desc === spec.fallback.desc) return {}
  const name = (spec.params as Record<string, string | undefined>)[sort.key] ?? sort.key
  return { sort: name, dir: sort.desc ? 'desc' : 'asc' }
}

/** The URL keys a table's order is written under. */
export const SORT_PARAM_KEYS = ['sort', 'dir'] as const
