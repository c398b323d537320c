import { z } from '../zod'
import { leaf } from './fast-checks'

const INSTANT = { offset: true, local: false } as const
// zod's own pattern for these options (public API), so this check is the schema's.
const INSTANT_PATTERN = z.regexes.datetime(INSTANT)

export const isInstant = (v: unknown): boolean => typeof v === 'string' && INSTANT_PATTERN.test(v)

/** An RFC 3339 instant with an offset (`2026-11-03T14:05:09.120Z`, `…+01:00`). */
export const instantSchema = leaf(z.iso.datetime(INSTANT), isInstant)
