const COUNT_FORMAT = new Intl.NumberFormat('en-US')

/**
 * A count with thousands separators ("1,234"), the same text as `n.toLocaleString('en-US')`
 * but from one shared formatter: `toLocaleString` builds a new ICU formatter on every call,
 * which cost hundreds of milliseconds on a page of a few thousand numbers. NaN gives "NaN".
 */
export const formatCount = (n: number): string => COUNT_FORMAT.format(n)

/** A count and its noun, singular for exactly one: "1 tool", "2,386 tools". */
export const countOf = (n: number, one: string, many: string): string =>
  `${formatCount(n)} ${n === 1 ? one : many}`

/** The name of a table's totals row over `n` tools: "All 3 tools", or "Total: 1 tool". */
export const allToolsLabel = (n: number): string =>
  n === 1 ? 'Total: 1 tool' : `All ${countOf(n, 'tool', 'tools')}`
