/** How JSON text writes U+0000 (PHP's `json_encode` writes it so, as does `JSON.stringify`). */
const NUL_ESCAPE = '\\u0000'

function withoutNul(value: unknown): unknown {
  if (typeof value === 'string') return value.replaceAll('\u0000', '\uFFFD')
  if (Array.isArray(value)) return value.map(withoutNul)
  if (typeof value === 'object' && value !== null) {
    const copy: Record<string, unknown> = {}
    for (const [key, inner] of Object.entries(value))
      copy[withoutNul(key) as string] = withoutNul(inner)
    return copy
  }
  return value
}

/**
 * The value of a JSON text read out of a payload, every U+0000 in its strings replaced by U+FFFD.
 * PostgreSQL can hold no U+0000 in text, so its reading of a payload (`pg_temp.rd_jsonb`)
 * replaces them; here the other engines' readings are made alike, and every engine serves the
 * same names. Throws as `JSON.parse` does.
 */
export function parseJsonText(raw: string): unknown {
  const value: unknown = JSON.parse(raw)
  return raw.includes(NUL_ESCAPE) ? withoutNul(value) : value
}
