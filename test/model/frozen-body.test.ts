// A query's body is frozen throughout, whichever door made it: a caller holding the body (or a part it passed
// in) cannot change the query under it. Blueprint params were the one part left open (from JSON and text).
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { compile, fromJSON } from 'hql'
import { parseQuery, printQuery } from '../../src/text'
import { anyQuery } from '../support/arbitraries'

/** The paths of the objects and arrays in `value` that are not frozen. */
function openParts(value: unknown, path = 'body'): string[] {
  if (value === null || typeof value !== 'object') return []
  const open = Object.isFrozen(value) ? [] : [path]
  for (const [key, item] of Object.entries(value)) open.push(...openParts(item, `${path}.${key}`))
  return open
}

describe('a query body', () => {
  it('is frozen throughout from the builder, from JSON and from text, for any query', () => {
    fc.assert(
      fc.property(anyQuery, (query) => {
        const { body } = compile(query)
        expect(openParts(body)).toEqual([])
        expect(openParts(compile(fromJSON(query.endpoint, JSON.parse(JSON.stringify(body)))).body)).toEqual(
          [],
        )
        expect(openParts(compile(parseQuery(printQuery(query))).body)).toEqual([])
      }),
      { numRuns: 300 },
    )
  })

  it('freezes blueprint params', () => {
    const json = {
      blueprints: [
        { type: 'Explore', params: { name: 'Drama' } },
        { type: 'Content', params: { name: 'Picks', ids: ['mhmov-gladiator'] } },
      ],
    }
    const blueprints = compile(fromJSON('silos', json)).body.blueprints ?? []
    expect(blueprints.map((blueprint) => Object.isFrozen(blueprint.params))).toEqual([true, true])
    expect(json.blueprints[0]?.params).not.toBe(blueprints[0]?.params)
  })
})
