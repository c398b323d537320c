import { z } from '../zod'

/** An RFC 3339 instant with an offset (`2026-11-03T14:05:09.120Z`, `…+01:00`). */
export const instantSchema = z.iso.datetime({ offset: true, local: false })
