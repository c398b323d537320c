/**
 * The static server from the command line, for local checks of a build (`npm run preview`):
 *
 *   node --import tsx src/server/static/serve-cli.ts <dir> [--port N] [--host H] [--csp]
 *
 * A file of its own, so that bundling `serve.ts` into the API server starts nothing.
 */
import process from 'node:process'
import { parseArgs } from 'node:util'
import { startServer } from './serve'

const USAGE = 'Usage: serve-cli.ts <dir> [--port N] [--host H] [--csp]'

function options(argv: string[]): { dir: string; port: number; host: string; csp: boolean } {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      port: { type: 'string', default: '4173' },
      host: { type: 'string', default: '127.0.0.1' },
      csp: { type: 'boolean', default: false },
    },
  })
  const [dir, ...more] = positionals
  if (dir === undefined || more.length > 0) throw new Error('Give one folder to serve.')
  const port = Number(values.port)
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error('--port needs a number from 0 to 65535')
  }
  return { dir, port, host: values.host, csp: values.csp }
}

let chosen
try {
  chosen = options(process.argv.slice(2))
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  console.error(USAGE)
  process.exit(2)
}
try {
  const running = await startServer(chosen)
  console.log(`Serving ${chosen.dir}${chosen.csp ? ' with a strict CSP' : ''} at ${running.url}`)
  const stop = () => {
    running.close().then(
      () => process.exit(0),
      () => process.exit(1),
    )
  }
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
}
