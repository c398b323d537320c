import type { RuntimeConfig } from '@/config/runtime-config'
import { createInstallation, type Installation, type InstallationOptions } from '../installation'
import { createEmptyInstallation } from './empty-installation'
import { createHostileInstallation } from './hostile-installation'

export { createEmptyInstallation } from './empty-installation'
export { createHostileInstallation, LEAK_MARKER } from './hostile-installation'
export { createListedInstallation, stepExtent } from './listed-installation'
export { rewriteInstallation, type InstallationRewrite } from './rewrite-installation'

/** The installations a demo build can serve (`demoVariant` in config.json). */
export type DemoVariant = RuntimeConfig['demoVariant']

/** Builds the installation of a variant; seed and scale apply to `default` and `hostile`. */
export function createVariantInstallation(
  variant: DemoVariant,
  options: InstallationOptions = {},
): Installation {
  if (variant === 'empty') return createEmptyInstallation()
  const base = createInstallation(options)
  return variant === 'hostile' ? createHostileInstallation(base) : base
}
