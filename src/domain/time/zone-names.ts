import { isValidZone } from './zone'

/**
 * Zone names IANA keeps only for backward compatibility, each with the name it uses now: the
 * three sections of tzdb 2026c's `backward` file that rename a place or respell its name
 * ("Pre-1993 naming conventions", "Two-part names that were renamed mostly to three-part names
 * in 1995", "Alternate names for the same location"), taking a line's `#=` name where it has
 * one (`Pacific/Truk` links to `Pacific/Port_Moresby` only for old parsers; its name is
 * `Pacific/Chuuk`). Not taken: the sections of merged zones ("Pre-2013 practice", "Non-zone.tab
 * locations"): `Europe/Amsterdam` or `Europe/Oslo` are current names of real places whose clocks
 * merely agree with another's since 1970. Every name for zero offset without daylight saving
 * (`Etc/UTC`, `Etc/GMT`, `Zulu` …) is `UTC`, the name this app uses for it.
 *
 * V8 and Node answer with ICU's (CLDR's) canonical names, which keep many of these old ones:
 * `Intl.supportedValuesOf('timeZone')` lists `Asia/Calcutta` and no `Asia/Kolkata`, and
 * `resolvedOptions()` turns `Asia/Kolkata` back into `Asia/Calcutta`.
 */
const LEGACY_ZONE_NAMES: Readonly<Record<string, string>> = {
  // Names from before 1993 (countries, US/…, Canada/…, CET, EST …)
  'Australia/ACT': 'Australia/Canberra',
  'Australia/LHI': 'Australia/Lord_Howe',
  'Australia/North': 'Australia/Darwin',
  'Australia/NSW': 'Australia/Sydney',
  'Australia/Queensland': 'Australia/Brisbane',
  'Australia/South': 'Australia/Adelaide',
  'Australia/Tasmania': 'Australia/Hobart',
  'Australia/Victoria': 'Australia/Melbourne',
  'Australia/West': 'Australia/Perth',
  'Australia/Yancowinna': 'Australia/Broken_Hill',
  'Brazil/Acre': 'America/Porto_Acre',
  'Brazil/DeNoronha': 'America/Noronha',
  'Brazil/East': 'America/Sao_Paulo',
  'Brazil/West': 'America/Manaus',
  'Canada/Atlantic': 'America/Halifax',
  'Canada/Central': 'America/Winnipeg',
  'Canada/Eastern': 'America/Toronto',
  'Canada/Mountain': 'America/Edmonton',
  'Canada/Newfoundland': 'America/St_Johns',
  'Canada/Pacific': 'America/Vancouver',
  'Canada/Saskatchewan': 'America/Regina',
  'Canada/Yukon': 'America/Whitehorse',
  CET: 'Europe/Brussels',
  'Chile/Continental': 'America/Santiago',
  'Chile/EasterIsland': 'Pacific/Easter',
  CST6CDT: 'America/Chicago',
  Cuba: 'America/Havana',
  EET: 'Europe/Athens',
  Egypt: 'Africa/Cairo',
  Eire: 'Europe/Dublin',
  EST: 'America/Panama',
  EST5EDT: 'America/New_York',
  'Etc/GMT-0': 'UTC',
  'Etc/GMT+0': 'UTC',
  'Etc/GMT0': 'UTC',
  'Etc/Greenwich': 'UTC',
  'Etc/UCT': 'UTC',
  'Etc/Universal': 'UTC',
  'Etc/Zulu': 'UTC',
  GB: 'Europe/London',
  'GB-Eire': 'Europe/London',
  'GMT-0': 'UTC',
  'GMT+0': 'UTC',
  GMT0: 'UTC',
  Greenwich: 'UTC',
  Hongkong: 'Asia/Hong_Kong',
  Iceland: 'Atlantic/Reykjavik',
  Iran: 'Asia/Tehran',
  Israel: 'Asia/Jerusalem',
  Jamaica: 'America/Jamaica',
  Japan: 'Asia/Tokyo',
  Kwajalein: 'Pacific/Kwajalein',
  Libya: 'Africa/Tripoli',
  MET: 'Europe/Brussels',
  'Mexico/BajaNorte': 'America/Tijuana',
  'Mexico/BajaSur': 'America/Mazatlan',
  'Mexico/General': 'America/Mexico_City',
  MST: 'America/Phoenix',
  MST7MDT: 'America/Denver',
  Navajo: 'America/Shiprock',
  NZ: 'Pacific/Auckland',
  'NZ-CHAT': 'Pacific/Chatham',
  Poland: 'Europe/Warsaw',
  Portugal: 'Europe/Lisbon',
  PRC: 'Asia/Shanghai',
  ROC: 'Asia/Taipei',
  ROK: 'Asia/Seoul',
  Singapore: 'Asia/Singapore',
  Turkey: 'Europe/Istanbul',
  UCT: 'UTC',
  Universal: 'UTC',
  'US/Alaska': 'America/Anchorage',
  'US/Aleutian': 'America/Adak',
  'US/Arizona': 'America/Phoenix',
  'US/Central': 'America/Chicago',
  'US/East-Indiana': 'America/Indiana/Indianapolis',
  'US/Eastern': 'America/New_York',
  'US/Hawaii': 'Pacific/Honolulu',
  'US/Indiana-Starke': 'America/Indiana/Knox',
  'US/Michigan': 'America/Detroit',
  'US/Mountain': 'America/Denver',
  'US/Pacific': 'America/Los_Angeles',
  'US/Samoa': 'Pacific/Pago_Pago',
  'W-SU': 'Europe/Moscow',
  Zulu: 'UTC',
  // Two-part names renamed to three-part names in 1995
  'America/Buenos_Aires': 'America/Argentina/Buenos_Aires',
  'America/Catamarca': 'America/Argentina/Catamarca',
  'America/Cordoba': 'America/Argentina/Cordoba',
  'America/Indianapolis': 'America/Indiana/Indianapolis',
  'America/Jujuy': 'America/Argentina/Jujuy',
  'America/Knox_IN': 'America/Indiana/Knox',
  'America/Louisville': 'America/Kentucky/Louisville',
  'America/Mendoza': 'America/Argentina/Mendoza',
  'America/Virgin': 'America/St_Thomas',
  'Pacific/Samoa': 'Pacific/Pago_Pago',
  // Alternate names for the same location (respellings and renamed places)
  'Africa/Asmera': 'Africa/Asmara',
  'America/Godthab': 'America/Nuuk',
  'Asia/Ashkhabad': 'Asia/Ashgabat',
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Chungking': 'Asia/Chongqing',
  'Asia/Dacca': 'Asia/Dhaka',
  'Asia/Istanbul': 'Europe/Istanbul',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Macao': 'Asia/Macau',
  'Asia/Rangoon': 'Asia/Yangon',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Asia/Thimbu': 'Asia/Thimphu',
  'Asia/Ujung_Pandang': 'Asia/Makassar',
  'Asia/Ulan_Bator': 'Asia/Ulaanbaatar',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'Europe/Kiev': 'Europe/Kyiv',
  'Europe/Nicosia': 'Asia/Nicosia',
  HST: 'Pacific/Honolulu',
  'Pacific/Ponape': 'Pacific/Pohnpei',
  'Pacific/Truk': 'Pacific/Chuuk',
  PST8PDT: 'America/Los_Angeles',
  // CLDR's canonical names for two zones that tzdb renamed in its zone.tab; `backward` files
  // them among merged locations, as the old name's place is not the zone's main one.
  'America/Coral_Harbour': 'America/Atikokan',
  'Pacific/Enderbury': 'Pacific/Kanton',
  // The zone itself and the main files' link, both zero offset like the ones above.
  'Etc/GMT': 'UTC',
  'Etc/UTC': 'UTC',
  GMT: 'UTC',
}

/** Every legacy name and its current name (see above), for tests and lookups. */
export const LEGACY_ZONE_NAME_PAIRS: ReadonlyArray<readonly [string, string]> =
  Object.entries(LEGACY_ZONE_NAMES)

const currentByLowerCase = new Map(
  LEGACY_ZONE_NAME_PAIRS.map(([old, now]) => [old.toLowerCase(), now]),
)

const legacyByCurrent = new Map<string, string[]>()
for (const [old, now] of LEGACY_ZONE_NAME_PAIRS) {
  const names = legacyByCurrent.get(now)
  if (names) names.push(old)
  else legacyByCurrent.set(now, [old])
}

/**
 * The name IANA uses now for the zone `name` (`Asia/Calcutta` → `Asia/Kolkata`, `US/Eastern` →
 * `America/New_York`, `Etc/UTC` → `UTC`), matched without case. `name` itself when it is current,
 * no zone name at all, or when this runtime's Intl does not know the current name (an engine
 * older than the rename), so the answer works wherever `name` did.
 */
export function currentZoneName(name: string): string {
  const current = currentByLowerCase.get(name.toLowerCase())
  return current !== undefined && isValidZone(current) ? current : name
}

/** The legacy names of the zone whose current name is `current`; none for any other name. */
export function legacyZoneNames(current: string): readonly string[] {
  return legacyByCurrent.get(current) ?? []
}

let listed: readonly string[] | null = null

/**
 * Every zone this runtime offers, by its current name: sorted, each once, `UTC` included. An
 * engine without `Intl.supportedValuesOf` offers `UTC` alone (any other zone still works from a
 * link).
 */
export function listedZoneNames(): readonly string[] {
  if (listed === null) {
    const supported =
      typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []
    listed = [...new Set(['UTC', ...supported.map(currentZoneName)])].sort()
  }
  return listed
}
