/**
 * `npm run perf:cpu -- <command…>`: runs the command (e.g. `npm run perf -- api warm`) and prints
 * the CPU seconds (user + system) its Chromium processes used, sampled from /proc every 200 ms
 * until the command ends (the last value seen per process, so processes that exit early count).
 * CPU seconds move far less than wall-clock seconds on a machine shared with other work, which is
 * why before/after comparisons of the dashboard's cost quote them (decision 0013). Linux only.
 */
import { spawn } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'

const TICKS_PER_SECOND = 100 // Linux's USER_HZ on every architecture Node supports

interface Stat {
  name: string
  ppid: number
  cpuSeconds: number
  startTicks: string
}

function stat(pid: number): Stat | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ')
    return {
      name: text.slice(text.indexOf('(') + 1, text.lastIndexOf(')')),
      ppid: Number(fields[1]),
      cpuSeconds: (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND,
      startTicks: fields[19] ?? '',
    }
  } catch {
    return null // the process ended between listing and reading
  }
}

function descendsFrom(pid: number, root: number): boolean {
  for (let at = pid, hops = 0; at > 1 && hops < 64; hops++) {
    if (at === root) return true
    const parent = stat(at)?.ppid
    if (parent === undefined) return false
    at = parent
  }
  return false
}

const [program, ...args] = process.argv.slice(2).filter((arg, i) => !(i === 0 && arg === '--'))
if (program === undefined) throw new Error('usage: npm run perf:cpu -- <command…>')
const child = spawn(program, args, { stdio: 'inherit' })
const lastSeen = new Map<string, number>()
const sample = () => {
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry)
    if (!Number.isInteger(pid)) continue
    const s = stat(pid)
    if (s === null || !s.name.startsWith('chrom') || !descendsFrom(pid, child.pid ?? -1)) continue
    lastSeen.set(`${pid}:${s.startTicks}`, s.cpuSeconds)
  }
}
const timer = setInterval(sample, 200)
const code = await new Promise<number>((resolve) => child.on('exit', (c) => resolve(c ?? 1)))
clearInterval(timer)
const seconds = [...lastSeen.values()].reduce((sum, s) => sum + s, 0)
console.log(JSON.stringify({ chromiumCpuSeconds: +seconds.toFixed(2), processes: lastSeen.size }))
process.exitCode = code
