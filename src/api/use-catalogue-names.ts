import { useToolCatalogue } from './use-diagnostics'

/** One set per catalogue answer, however many components ask (every round of a long run). */
const namesOf = new WeakMap<object, ReadonlySet<string>>()

/**
 * The names the tool catalogue offers now, to tell whether a tool called in a run still has a
 * schema; null while the catalogue loads or when it could not be read.
 */
export function useCatalogueNames(): ReadonlySet<string> | null {
  const { data } = useToolCatalogue()
  if (data === undefined) return null
  let names = namesOf.get(data)
  if (names === undefined) {
    names = new Set(data.tools.map((tool) => tool.name))
    namesOf.set(data, names)
  }
  return names
}
