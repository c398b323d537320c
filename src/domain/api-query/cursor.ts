/** What a cursor remembers: the sort key of the last run of its page. */
export interface CursorKey {
  startedAt: string
  uuid: string
}

const VERSION = 'r1'

const toBase64Url = (text: string): string =>
  btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')

/** An opaque cursor (base64url of a versioned sort key). */
export function encodeCursor(key: CursorKey): string {
  return toBase64Url(JSON.stringify([VERSION, key.startedAt, key.uuid]))
}

/** The sort key inside a cursor, or null for anything this mock did not issue. */
export function decodeCursor(cursor: string): CursorKey | null {
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) return null
  try {
    const padded = cursor.replace(/-/g, '+').replace(/_/g, '/')
    const value: unknown = JSON.parse(atob(padded + '='.repeat((4 - (padded.length % 4)) % 4)))
    if (!Array.isArray(value) || value.length !== 3 || value[0] !== VERSION) return null
    const [, startedAt, uuid] = value
    if (typeof startedAt !== 'string' || typeof uuid !== 'string') return null
    return { startedAt, uuid }
  } catch {
    return null
  }
}
