import { quote, truncate } from './preview'

/** A key longer than this is cut in a path: the path names an argument, it need not spell a blob. */
const KEY_LENGTH = 64
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/

/**
 * Formats an argument path as a person reads it: `uid`, `fields.title`, `items[2].uid`,
 * `fields["first name"]`. No segments give '' (the arguments object itself). Keys that are not
 * identifiers are JSON-quoted, so a key with quotes or newlines cannot break a message line.
 */
export function formatPath(segments: ReadonlyArray<string | number>): string {
  let out = ''
  for (const segment of segments) {
    if (typeof segment === 'number') out += `[${segment}]`
    else if (IDENTIFIER.test(segment) && segment.length <= KEY_LENGTH) {
      out += out === '' ? segment : `.${segment}`
    } else out += `[${quote(truncate(segment, KEY_LENGTH))}]`
  }
  return out
}
