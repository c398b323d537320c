import { z } from '../zod'
import { instantSchema } from './instant'

/** The privacy levels the CMS knows; an unknown one is kept as its own string. */
export const KNOWN_PRIVACY_LEVELS = ['none', 'metadata', 'redacted', 'full'] as const

export const metaSchema = z.object({
  installation: z.string(),
  privacyLevel: z.string().min(1),
  earliestAt: instantSchema.nullable(),
  latestAt: instantSchema.nullable(),
  retentionDays: z.number().int().min(0).nullable(),
  argumentCheckSince: instantSchema.nullable(),
  /**
   * Only from a server over many installations, at its base: how many it holds (the list is
   * `GET /installations`; each answers under `/installations/<name>/`).
   */
  installations: z.number().int().min(0).optional(),
})

export type Meta = z.infer<typeof metaSchema>
