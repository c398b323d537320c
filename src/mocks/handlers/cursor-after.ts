import { HttpResponse } from 'msw'
import { decodeCursor } from '@/domain/api-query'
import type { Installation } from '../installation'

/**
 * The uuid a page continues after: null for the first page, a 400 for a cursor this mock did not
 * issue (or whose run moved). `/runs` and `/run-rows` page alike.
 */
export function cursorAfter(
  installation: Installation,
  cursor: string | null,
): { after: string | null } | Response {
  if (cursor === null) return { after: null }
  const key = decodeCursor(cursor)
  if (key === null || installation.startedAtOf(key.uuid) !== key.startedAt) {
    return HttpResponse.json(
      { error: 'bad_request', message: '"cursor" is not a cursor this API issued.' },
      { status: 400 },
    )
  }
  return { after: key.uuid }
}
