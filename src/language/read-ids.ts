import type { ObjectTypeName } from '../model/ids'
import type { Query } from '../model/query/query'
import { parseQuery } from '../text'
import { idIndex } from './ids'
import type { IdEntry, IdProvider } from './ids'

// Ids read ahead from a service, for the language server's `hql.service` setting and the playground alike.
// The core asks its IdProvider synchronously (completion and hover are one pass over the text), so each type's
// objects are explored by name into memory once; completion and hover then search memory as they do the
// embedded catalog. The reader is anything with the client's `collect` (the core does not stand on the client).

/** The types whose ids completion offers. */
export const idTypes: readonly ObjectTypeName[] = [
  'Movie',
  'ShowSeries',
  'Contributor',
  'Source',
  'Trait',
  'Collection',
]

/** What reading needs of a client: `collect` as `createClient` gives it. */
export interface IdReader {
  collect(
    query: Query,
    options: { readonly maxItems: number; readonly truncate: true },
  ): Promise<readonly unknown[]>
}

/** An index of a service's ids, with how many it holds. */
export interface ReadIds extends IdProvider {
  readonly size: number
}

type Listed = { readonly object: { readonly mhid: string; readonly altId?: string; readonly name?: string } }

/** Reads up to `maxPerType` objects of each type, by name, and indexes them (throws what the client throws). */
export async function readIds(reader: IdReader, maxPerType: number): Promise<ReadIds> {
  const lists = await Promise.all(
    idTypes.map(async (type) => {
      const query = parseQuery(`explore ${type} order by name asc page size 100`)
      const pairs = (await reader.collect(query, {
        maxItems: maxPerType,
        truncate: true,
      })) as readonly Listed[]
      return pairs.map((pair) => listedEntry(pair, type))
    }),
  )
  const found = lists.flat()
  const search = idIndex(found.map(({ entry }) => entry))
  // Completion offers the readable id (altId); hover names an object by either of its ids.
  const byId = new Map<string, IdEntry>()
  for (const { entry, mhid } of found) byId.set(entry.id, entry).set(mhid, entry)
  return { size: found.length, search: search.search, nameOf: (id) => byId.get(id) }
}

/** An object as completion offers it (its readable id when it has one) and its mhid. */
export function listedEntry({ object }: Listed, type: ObjectTypeName): { entry: IdEntry; mhid: string } {
  return { entry: { id: object.altId ?? object.mhid, name: object.name ?? '', type }, mhid: object.mhid }
}
