import { messageOf } from '@/domain/message-of'
import { StartError, type FleetApiOptions } from '../cli/options'
import { refuseUnsafeStart } from '../cli/start-api'
import { checkHost } from '../http/host-check'
import { listen, type Listening } from '../http/listen'
import { loadTokens } from '../setup/tokens'
import { openClickHouse, type ClickHouse } from './clickhouse'
import { createFleetHandler } from './fleet-handler'

export interface RunningFleetApi extends Listening {
  ch: ClickHouse
}

/**
 * Starts the API server over ClickHouse: checks that the exported tables are there (one sentence
 * if not), then listens, with the same tokens, host check and dashboard as the server over one
 * installation's tables.
 */
export async function startFleetApi(
  options: FleetApiOptions,
  log: (line: string) => void,
): Promise<RunningFleetApi> {
  await refuseUnsafeStart(options)
  const tokens = options.tokens === undefined ? null : await loadTokens(options.tokens)
  const ch = await openClickHouse(options.clickhouse).catch((error: unknown) => {
    throw new StartError(messageOf(error))
  })
  try {
    await ch.query('SELECT 1 FROM rd_exports WHERE 0')
  } catch (error) {
    await ch.close().catch(() => undefined)
    throw new StartError(
      `${ch.target} holds no exported installations (${messageOf(error).split('\n')[0]}): run npm run api:export first.`,
    )
  }
  try {
    const handle = checkHost(
      [options.host, ...options.publicHosts],
      createFleetHandler({ ch, tokens, log }),
    )
    const listening = await listen({
      handle,
      host: options.host,
      port: options.port,
      dashboard: options.dashboard,
    })
    return {
      ...listening,
      ch,
      close: async () => {
        await listening.close()
        await ch.close()
      },
    }
  } catch (error) {
    await ch.close().catch(() => undefined)
    throw error
  }
}
