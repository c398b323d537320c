import type { ListedInstallation } from '@/domain/contract'

/** The CMS's own name of an installation, where it says more than the server's name; else null. */
export const cmsNameOf = (entry: ListedInstallation): string | null =>
  entry.installation === '' || entry.installation === entry.name ? null : entry.installation
