/**
 * The systemd unit of docs/deploy, read as production runs the server: its `ExecStart` split
 * into the node binary, node's own flags (the heap limit), the built entry and its options.
 */
import { readFileSync } from 'node:fs'

export const UNIT = 'docs/deploy/run-diagnostics-api.service'

export interface UnitCommand {
  node: string
  /** Node's flags before the entry, e.g. `--max-old-space-size=384`. */
  nodeFlags: string[]
  entry: string
  /** The server's options after the entry. */
  args: string[]
}

export function unitCommand(): UnitCommand {
  const unit = readFileSync(UNIT, 'utf8').replace(/\\\n\s*/g, ' ')
  const words = (/^ExecStart=(.+)$/m.exec(unit)?.[1] ?? '').trim().split(/\s+/)
  const [node = '', ...rest] = words
  const at = rest.findIndex((word) => !word.startsWith('-'))
  return {
    node,
    nodeFlags: rest.slice(0, at),
    entry: rest[at] ?? '',
    args: rest.slice(at + 1),
  }
}
