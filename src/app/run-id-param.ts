import { fromCodeUnits, hasLoneSurrogate, toCodeUnits } from '../domain/code-units'

/**
 * The `$uuid` of `/runs/$uuid`. A run id is the server's text: one with a lone surrogate has no
 * URL form (the router's encodeURIComponent would throw while rendering the link), so it is
 * written as `~u16~` and its UTF-16 code units. An id that itself starts with `~u16~` is written
 * that way too, so every id reads back exactly.
 */
const PREFIX = '~u16~'

export function stringifyRunId(uuid: string): string {
  return hasLoneSurrogate(uuid) || uuid.startsWith(PREFIX) ? PREFIX + toCodeUnits(uuid) : uuid
}

export function parseRunId(param: string): string {
  if (!param.startsWith(PREFIX)) return param
  return fromCodeUnits(param.slice(PREFIX.length)) ?? param
}
