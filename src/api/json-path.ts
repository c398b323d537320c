/** Formats a validation path as a person reads it: `runs[3].steps[7].occurredAt`; '' for the root. */
export function formatJsonPath(path: ReadonlyArray<PropertyKey>): string {
  let out = ''
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`
    else if (typeof part === 'string' && /^[A-Za-z_$][\w$]*$/.test(part)) {
      out += out === '' ? part : `.${part}`
    } else out += `[${JSON.stringify(String(part))}]`
  }
  return out
}
