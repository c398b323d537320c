/** A short printable form of any URL value for a message; never throws, whatever it is given. */
export function describeValue(value: unknown): string {
  let text: string
  if (typeof value === 'string') text = value
  else if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') {
    text = String(value)
  } else {
    try {
      text = JSON.stringify(value) ?? typeof value
    } catch {
      text = typeof value
    }
  }
  return text.length > 40 ? `${text.slice(0, 39)}…` : text
}
