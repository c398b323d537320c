/**
 * Outcome colours from the Okabe–Ito palette, which people with the common colour-vision
 * deficiencies can tell apart, and a mid grey for calls an editor denied (they never ran); each
 * also differs in lightness, and every chart has a legend, tooltips and the table as its text
 * alternative. They read on light and dark backgrounds.
 */
export const OUTCOME_SERIES = [
  { key: 'succeeded', label: 'Succeeded', color: '#0072B2' },
  { key: 'failed', label: 'Failed', color: '#D55E00' },
  { key: 'denied', label: 'Denied by an editor', color: '#7F7F7F' },
  { key: 'refusedArguments', label: 'Refused: arguments', color: '#E69F00' },
  { key: 'refusedTurn', label: 'Refused: turn', color: '#56B4E9' },
  { key: 'refusedOther', label: 'Refused: other codes', color: '#CC79A7' },
] as const

export type OutcomeSeriesKey = (typeof OUTCOME_SERIES)[number]['key']
