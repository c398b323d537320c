// @ts-check
/**
 * The static server from the command line, for local checks of a build:
 *
 *   node src/server/static/serve-cli.mjs <dir> [--port N] [--host H] [--csp]
 */
import process from 'node:process'
import { startServer } from './serve.mjs'

/**
 * @param {string[]} argv
 * @returns {{ dir: string, port: number, host: string, csp: boolean }}
 */
function parseArgs(argv) {
  /** @type {{ dir: string | undefined, port: number, host: string, csp: boolean }} */
  const options = { dir: undefined, port: 4173, host: '127.0.0.1', csp: false }
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]
    if (arg === '--csp') options.csp = true
    else if (arg === '--port') options.port = Number(argv[(i += 1)])
    else if (arg === '--host') options.host = String(argv[(i += 1)])
    else if (arg !== undefined && !arg.startsWith('--') && options.dir === undefined)
      options.dir = arg
    else throw new Error(`Unknown argument: ${arg}`)
  }
  if (options.dir === undefined)
    throw new Error('Which folder? node src/server/static/serve-cli.mjs <dir>')
  if (!Number.isInteger(options.port) || options.port < 0 || options.port > 65535) {
    throw new Error('--port needs a number from 0 to 65535')
  }
  return { ...options, dir: options.dir }
}

async function main() {
  let options
  try {
    options = parseArgs(process.argv.slice(2))
  } catch (error) {
    console.error(error instanceof Error ? error.message : error)
    console.error('Usage: node src/server/static/serve-cli.mjs <dir> [--port N] [--host H] [--csp]')
    process.exit(2)
  }
  const running = await startServer(options)
  console.log(`Serving ${options.dir}${options.csp ? ' with a strict CSP' : ''} at ${running.url}`)
  const stop = () => {
    running.close().then(
      () => process.exit(0),
      () => process.exit(1),
    )
  }
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
}

main().catch((/** @type {unknown} */ error) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
