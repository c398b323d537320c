import type { Installation } from '../installation'
import { CATALOGUE } from '../installation/catalogue'

/**
 * An installation that has recorded nothing yet: no runs, no first or last step, the tool
 * catalogue as offered (pass `tools: []` for a CMS without any tool either).
 */
export function createEmptyInstallation(
  options: { tools?: Installation['tools'] } = {},
): Installation {
  return {
    seed: 0,
    scale: 0,
    meta: {
      installation: 'Empty installation',
      privacyLevel: 'metadata',
      earliestAt: null,
      latestAt: null,
      retentionDays: 30,
      argumentCheckSince: null,
    },
    tools: options.tools ?? CATALOGUE,
    runCount: 0,
    getRun: () => undefined,
    startedAtOf: () => undefined,
    queryRuns: () => ({ runs: [], totalRuns: 0, continueAfter: null }),
  }
}
