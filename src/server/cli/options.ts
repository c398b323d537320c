import { lookup } from 'node:dns/promises'
import { existsSync } from 'node:fs'
import { isIP } from 'node:net'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { hostNameOf } from '../http/host-check'
import { parseArgs } from 'node:util'
import { messageOf } from '@/domain/message-of'
import { VIEW_TIMINGS } from '../view/timings'

/** A command line that cannot be used, said in one sentence (and the usage). */
export class UsageError extends Error {
  override readonly name = 'UsageError'
}

/**
 * A start that the options allow but the machine does not (no such folder, the port taken, the
 * database not there): one sentence saying what to do, exit status 1, no usage text.
 */
export class StartError extends Error {
  override readonly name = 'StartError'
}

/** Whether a command line asks for its usage (`--help`, `-h`). */
export const asksForHelp = (argv: readonly string[]): boolean =>
  argv.includes('--help') || argv.includes('-h')

export interface ApiOptions {
  database: string
  port: number
  host: string
  tools?: string
  settings?: string
  dashboard?: string
  tokens?: string
  statementTimeoutMs: number
  /** Database connections, statements in flight at once. */
  connections?: number
  /** How long a request waits for a free connection before it is answered 503 (ms). */
  connectionWaitMs?: number
  /**
   * An answer from the view older than this (ms) starts a refresh; older than 5 × this, it waits
   * for it. 0 = current at every answer.
   */
  summaryRefreshMs: number
  /**
   * The folder that keeps the server's view of the tables between starts (decision 0022);
   * undefined keeps it in memory only (tests), so every start counts the installation again.
   */
  state?: string
  /** Host names answered besides loopback ones and `host` (a proxy's name), against DNS rebinding. */
  publicHosts?: string[]
}

/** The project folder: the nearest above this code (`src/…` or the build's `dist-server/`) with a package.json. */
function projectFolder(): string {
  let dir = dirname(fileURLToPath(import.meta.url))
  while (!existsSync(join(dir, 'package.json'))) {
    const up = dirname(dir)
    if (up === dir) return process.cwd()
    dir = up
  }
  return dir
}

/** `--state`'s default: `state/` in the project folder, beside the server's code. */
export const DEFAULT_STATE_DIR = join(projectFolder(), 'state')

export const API_USAGE = `Usage: npm run api -- --database <url> [--port 8787] [--host 127.0.0.1]
  [--tools <catalogue.json>] [--settings <settings.json>] [--dashboard <dist>] [--tokens <file>]
  [--statement-timeout <ms>] [--summary-refresh <ms>] [--connections <n>] [--connection-wait <ms>]
  [--state <dir>]  (default: state/ in the project folder; the server's counts kept between starts)
  [--public-host <name>[,<name>…]]  (host names answered besides localhost and IP addresses)
  <url>: sqlite:<path> | postgres://user:password@host:port/db | mysql://user:password@host:port/db`

function integer(
  value: string | undefined,
  name: string,
  min: number,
  max: number,
  fallback: number,
): number {
  if (value === undefined) return fallback
  const n = Number(value)
  if (!/^\d+$/.test(value) || n < min || n > max) {
    throw new UsageError(`--${name} must be a whole number from ${min} to ${max}.`)
  }
  return n
}

/** The `--name value` options of a command line; anything else is a {@link UsageError}. */
type Values = Record<string, string | undefined> & { database: string }

/** The string options `names` of a command line; a usage error for anything else. */
function parseValues(argv: string[], names: readonly string[]): Record<string, string | undefined> {
  try {
    return parseArgs({
      args: argv,
      options: Object.fromEntries(names.map((name) => [name, { type: 'string' as const }])),
      strict: true,
      allowPositionals: false,
    }).values as Record<string, string | undefined>
  } catch (error) {
    throw new UsageError(messageOf(error))
  }
}

function readOptions(argv: string[], names: readonly string[]): Values {
  const values = parseValues(argv, names)
  const database = values.database
  if (database === undefined) throw new UsageError('--database is required.')
  return { ...values, database }
}

/** The API server's command line. */
export function parseApiOptions(argv: string[]): ApiOptions {
  const values = readOptions(argv, [
    'database',
    'port',
    'host',
    'tools',
    'settings',
    'dashboard',
    'tokens',
    'statement-timeout',
    'summary-refresh',
    'connections',
    'connection-wait',
    'state',
    'public-host',
  ])
  if (values.state === '') throw new UsageError('--state must name a folder.')
  const publicHosts = publicHostsOf(values['public-host'])
  return {
    database: values.database,
    port: integer(values.port, 'port', 0, 65535, 8787),
    // `[::1]` as in a URL is the address `::1`, which is what listening takes.
    host: (values.host ?? '127.0.0.1').replace(/^\[(.*)\]$/, '$1'),
    tools: values.tools,
    settings: values.settings,
    dashboard: values.dashboard,
    tokens: values.tokens,
    statementTimeoutMs: integer(
      values['statement-timeout'],
      'statement-timeout',
      100,
      600_000,
      20_000,
    ),
    summaryRefreshMs: integer(
      values['summary-refresh'],
      'summary-refresh',
      0,
      600_000,
      VIEW_TIMINGS.refreshMs,
    ),
    connections: integer(values.connections, 'connections', 1, 100, 8),
    connectionWaitMs: integer(values['connection-wait'], 'connection-wait', 0, 600_000, 5000),
    state: values.state ?? DEFAULT_STATE_DIR,
    publicHosts,
  }
}

export interface SeedOptions {
  database: string
  scale: number
  seed?: number
  toolsOut?: string
  settingsOut?: string
}

export const SEED_USAGE = `Usage: npm run api:seed -- --database <url> [--scale N] [--seed N]
  [--tools-out <catalogue.json>] [--settings-out <settings.json>]`

/** The seeder's command line. */
export function parseSeedOptions(argv: string[]): SeedOptions {
  const values = readOptions(argv, ['database', 'scale', 'seed', 'tools-out', 'settings-out'])
  const scale = values.scale === undefined ? 1 : Number(values.scale)
  if (!(scale > 0 && scale <= 1000))
    throw new UsageError('--scale must be a number above 0, at most 1000.')
  return {
    database: values.database,
    scale,
    seed: values.seed === undefined ? undefined : integer(values.seed, 'seed', 0, 2 ** 31, 0),
    toolsOut: values['tools-out'],
    settingsOut: values['settings-out'],
  }
}

export interface GrantsOptions {
  database: string
  user: string
}

export const GRANTS_USAGE = `Usage: npm run api:grants -- --database <postgres://…/db | mysql://…/db> --user <name>`

/** The grants printer's command line. */
export function parseGrantsOptions(argv: string[]): GrantsOptions {
  const values = readOptions(argv, ['database', 'user'])
  if (!values.user) throw new UsageError('--user is required.')
  return { database: values.database, user: values.user }
}

/** Loopback addresses: the only ones the server listens on without tokens. */
export function isLoopback(host: string): boolean {
  return host === '::1' || /^127(\.\d{1,3}){3}$/.test(host)
}

/**
 * Whether every address `host` names is this machine's own: an IP address as it is, a name by
 * what it resolves to now (`localhost` may be pointed elsewhere in /etc/hosts).
 */
export async function listensOnLoopbackOnly(host: string): Promise<boolean> {
  if (isIP(host) !== 0) return isLoopback(host)
  try {
    const addresses = await lookup(host, { all: true })
    return addresses.length > 0 && addresses.every(({ address }) => isLoopback(address))
  } catch {
    return false
  }
}

export const EXPORT_USAGE = `Usage: npm run api:export -- --database <CMS database URL or SQLite file> --clickhouse <chdb:<folder> | http(s)://host:8123/<database>> --installation <name>
  [--settings <settings.json>] [--tools <catalogue.json>] [--every <seconds, default 5>] [--once]`

/** What the fleet's exporter is told. */
export interface ExportOptions {
  database: string
  clickhouse: string
  installation: string
  settings?: string
  tools?: string
  /** Seconds between passes; null: one pass, then exit. */
  everySeconds: number | null
}

/** The exporter's command line (`--once` for one pass). */
export function parseExportOptions(argv: string[]): ExportOptions {
  const once = argv.includes('--once')
  const values = readOptions(
    argv.filter((arg) => arg !== '--once'),
    ['database', 'clickhouse', 'installation', 'every', 'settings', 'tools'],
  )
  if (!values.clickhouse) throw new UsageError('--clickhouse is required.')
  if (!values.installation) throw new UsageError('--installation is required.')
  const every = values.every === undefined ? 5 : Number(values.every)
  if (!Number.isFinite(every) || every < 1 || every > 3600) {
    throw new UsageError('--every must be a number of seconds from 1 to 3600.')
  }
  return {
    database: values.database,
    clickhouse: values.clickhouse,
    installation: values.installation,
    settings: values.settings,
    tools: values.tools,
    everySeconds: once ? null : every,
  }
}

export const FLEET_USAGE = `Usage: npm run api -- --clickhouse <chdb:<folder> | http(s)://host:8123/<database>>
  [--port 8787] [--host 127.0.0.1] [--dashboard <dist>] [--tokens <file>] [--public-host <names>]`

/** The API server over ClickHouse (decision 0017): what it is told. */
export interface FleetApiOptions {
  clickhouse: string
  port: number
  host: string
  dashboard?: string
  tokens?: string
  publicHosts: string[]
}

/** The command line of `npm run api -- --clickhouse …`. */
export function parseFleetApiOptions(argv: string[]): FleetApiOptions {
  const values = parseValues(argv, [
    'clickhouse',
    'port',
    'host',
    'dashboard',
    'tokens',
    'public-host',
  ])
  if (!values.clickhouse) throw new UsageError('--clickhouse is required.')
  const publicHosts = publicHostsOf(values['public-host'])
  return {
    clickhouse: values.clickhouse,
    port: integer(values.port, 'port', 0, 65535, 8787),
    host: (values.host ?? '127.0.0.1').replace(/^\[(.*)\]$/, '$1'),
    dashboard: values.dashboard,
    tokens: values.tokens,
    publicHosts,
  }
}

/** `--public-host`'s comma-separated host names; a usage error for anything else. */
function publicHostsOf(value: string | undefined): string[] {
  const names = (value ?? '').split(',').filter((name) => name !== '')
  const notName = names.find((name) => hostNameOf(name) === null)
  if (notName !== undefined) {
    throw new UsageError(
      `--public-host takes host names (such as diagnostics.example.org), not "${notName}".`,
    )
  }
  return names
}
