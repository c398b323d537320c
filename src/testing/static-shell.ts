import { readFileSync } from 'node:fs'
import path from 'node:path'
import { withStaticShell } from '../app/shell'

/** index.html as the build writes it and the browser has it before any script runs, parsed. */
export function staticShell(): Document {
  const html = readFileSync(path.resolve(process.cwd(), 'index.html'), 'utf8')
  return new DOMParser().parseFromString(withStaticShell(html), 'text/html')
}
