import { fmix32, subSeed } from './prng'

export const STREAM_UUID = 4

const hex = (word: number): string => word.toString(16).padStart(8, '0')

/**
 * A version-4-shaped UUID for run `index`. Its first 32 bits are a bijection of the index,
 * so two runs of one installation never share a UUID.
 */
export function runUuid(seed: number, index: number): string {
  const w0 = subSeed(seed, STREAM_UUID, index)
  const w1 = hex(fmix32(w0 ^ 0x5bd1e995))
  const w2 = hex(fmix32(w0 + 0x27d4eb2f))
  const w3 = hex(fmix32(w0 ^ 0x165667b1))
  const variant = ((parseInt(w2.slice(0, 1), 16) & 3) | 8).toString(16)
  return `${hex(w0)}-${w1.slice(0, 4)}-4${w1.slice(5, 8)}-${variant}${w2.slice(1, 4)}-${w2.slice(4)}${w3}`
}
