/**
 * The API server in its own process, for the benches (the build when there is one): started on a database with the caller's
 * options, its log kept, its memory read from /proc, stopped as an operator stops it (SIGTERM,
 * which saves the summary view).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { unitCommand } from '../deploy-unit'

export interface ServerProcess {
  child: ChildProcess
  /** Where it listens, e.g. `http://127.0.0.1:41234`. */
  base: string
  /** Resolves when the summary view can answer: built, or read from the state folder. */
  built: Promise<void>
  /** Everything it wrote to stderr so far. */
  log: () => string
  /** SIGTERM, then resolves once it exited. */
  stop: () => Promise<void>
}

/**
 * The server as production runs it (`npm run build:server`, with the node flags of the systemd
 * unit), else its sources through tsx with the same flags.
 */
export const SERVER_ENTRY = [
  ...unitCommand().nodeFlags,
  ...(existsSync('dist-server/api.mjs')
    ? ['dist-server/api.mjs']
    : ['--import', 'tsx', 'src/server/cli/api.ts']),
]

/** Starts the server; resolves once it prints where it listens. */
export function startServer(url: string, args: string[]): Promise<ServerProcess> {
  const child = spawn(
    process.execPath,
    [...SERVER_ENTRY, '--database', url, '--port', '0', ...args],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  )
  let log = ''
  let onBuilt: () => void = () => undefined
  const built = new Promise<void>((resolve) => (onBuilt = resolve))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  child.stderr?.on('data', (chunk: Buffer) => {
    log += chunk.toString()
    if (/summary view: (\d+ groups|read )/.test(log)) onBuilt()
  })
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM')
    await exited
  }
  return new Promise((resolve, reject) => {
    let out = ''
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      const found = /listening on (\S+)/.exec(out)
      if (found?.[1] !== undefined) resolve({ child, base: found[1], built, log: () => log, stop })
    })
    child.once('exit', (code) => reject(new Error(`the API server exited (${code}): ${log}`)))
  })
}

/** The resident set of a process now and its high-water mark, in MB (Linux /proc). */
export function memoryOf(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN)
  return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 }
}
