import { readFileSync } from 'node:fs'
import path from 'node:path'

/** index.html as the browser has it before any script runs (its static shell), parsed. */
export function staticShell(): Document {
  const html = readFileSync(path.resolve(process.cwd(), 'index.html'), 'utf8')
  return new DOMParser().parseFromString(html, 'text/html')
}
