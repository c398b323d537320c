import { runsPageSchema, type Run } from '@/domain/contract'

/** The absolute URL of the default mock API in the test document (jsdom's location). */
export function apiUrl(path: string, base = '/api/diagnostics/v1'): string {
  return new URL(`${base}${path}`, globalThis.location.href).toString()
}

/** Follows every cursor of `/runs?<search>` and returns the parsed runs, the page texts and totals. */
export async function fetchAllRuns(
  search: URLSearchParams,
  base?: string,
): Promise<{ runs: Run[]; texts: string[]; totals: number[] }> {
  const runs: Run[] = []
  const texts: string[] = []
  const totals: number[] = []
  let cursor: string | null = null
  do {
    const params = new URLSearchParams(search)
    if (cursor !== null) params.set('cursor', cursor)
    const response = await fetch(apiUrl(`/runs?${params.toString()}`, base))
    if (!response.ok) throw new Error(`GET /runs answered ${response.status}`)
    const text = await response.text()
    const page = runsPageSchema.parse(JSON.parse(text))
    texts.push(text)
    totals.push(page.totalRuns)
    runs.push(...page.runs)
    cursor = page.nextCursor
  } while (cursor !== null)
  return { runs, texts, totals }
}
