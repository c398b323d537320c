import { z } from '../zod'
import { instantSchema } from './instant'

/**
 * An installation's name on a server over many (decision 0017): a path segment of its URLs
 * (`/installations/<name>/…`) and a partition of every table there.
 */
export const INSTALLATION_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,62}$/

export const isInstallationName = (value: unknown): value is string =>
  typeof value === 'string' && INSTALLATION_NAME.test(value)

/** One installation of `GET /installations`. */
export const listedInstallationSchema = z.object({
  name: z.string().regex(INSTALLATION_NAME),
  /** The CMS's own name for it, as its `/meta` says. */
  installation: z.string(),
  /** When its data last arrived. */
  exportedAt: instantSchema,
})

export type ListedInstallation = z.infer<typeof listedInstallationSchema>

/** The body of `GET /installations`, offered only by a server over many installations. */
export const installationsResponseSchema = z.object({
  installations: z.array(listedInstallationSchema),
})
