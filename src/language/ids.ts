import type { ObjectTypeName } from '../model/ids'

/** An object of the graph as completion and hover show it. */
export interface IdEntry {
  readonly id: string
  readonly name: string
  readonly type: ObjectTypeName
}

/**
 * Where completion finds ids and hover finds names: the embedded sample catalog today (the CLI builds it from
 * the reference service), a configured service later. The core takes it as a parameter, so it needs no Node.
 */
export interface IdProvider {
  /** Up to `limit` objects of the given types whose id starts with `text` or whose name contains it. */
  search(text: string, types: readonly ObjectTypeName[], limit: number): readonly IdEntry[]
  nameOf(id: string): IdEntry | undefined
}

/** No ids: completion offers none, hover names only the type an id's prefix tells. */
export const noIds: IdProvider = { search: () => [], nameOf: () => undefined }

/** An in-memory provider over a list of objects (ids first by prefix, then by name). */
export function idIndex(entries: readonly IdEntry[]): IdProvider {
  const byId = new Map(entries.map((entry) => [entry.id, entry]))
  const lowerNames = entries.map((entry) => entry.name.toLowerCase())
  return {
    search(text, types, limit) {
      const wanted = new Set(types)
      const needle = text.toLowerCase()
      const byPrefix: IdEntry[] = []
      const byName: IdEntry[] = []
      for (let i = 0; i < entries.length && byPrefix.length < limit; i++) {
        const entry = entries[i] as IdEntry
        if (!wanted.has(entry.type)) continue
        if (entry.id.startsWith(text)) byPrefix.push(entry)
        else if (needle !== '' && byName.length < limit && (lowerNames[i] as string).includes(needle))
          byName.push(entry)
      }
      return [...byPrefix, ...byName].slice(0, limit)
    },
    nameOf: (id) => byId.get(id),
  }
}
