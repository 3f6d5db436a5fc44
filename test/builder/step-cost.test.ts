import { describe, expect, test } from 'vitest'
import {
  HqlError,
  hql,
  fromJSON,
  returnType,
  primaryImage,
  keyContributors,
  contributions,
  keyTraits,
  compile,
  popularity,
} from 'hql'
import type { ComponentSpec } from 'hql'
import type { Sort } from '../../src/schemas'
import { QueryValue, browsableTypes, filterNames, MadeComponent, MadeFilter } from '../../src/model'
import type { ComponentRequest } from '../../src/model'
import { caught } from '../support/caught'

// What a call gives: its value, or its error's code, message and path.
function outcome(run: () => unknown): unknown {
  try {
    return run()
  } catch (error) {
    if (!(error instanceof HqlError)) throw error
    return [error.code, error.message, error.path]
  }
}

// Each builder step costs the size of the step, not of the query: `.with()` checks what it adds, and a tree
// the builder made is checked where it is made, so later steps check only where it stands (model/rules.ts).

describe('builder steps check what they add', () => {
  test('.with() does not read the components a query already has', () => {
    let reads = 0
    const request = new Proxy({ name: 'primaryImage' } as ComponentRequest, {
      get: (target, key, receiver) => {
        // Its name is read to refuse a repeat at its level; the rest of it was checked when it was added.
        if (key !== 'name') reads++
        return Reflect.get(target, key, receiver)
      },
    })
    // Made as a component helper makes its values (`.with()` takes only those).
    const q = QueryValue.of('explore', { filters: {} } as never, browsableTypes).with(
      new MadeComponent(request),
    )
    reads = 0
    q.with('keyTraits').with('keyContributors')
    // Before: every `.with()` walked the whole component list again (page size, page, nested components).
    expect(reads).toBe(0)
  })

  test('a tree the builder made gives the errors a JSON body gives, at the same paths', () => {
    const specs: ComponentSpec[] = [
      keyContributors(primaryImage),
      keyContributors(contributions(keyContributors(contributions(primaryImage)))),
      // Six levels (too deep) and a component that does not apply: the types refuse these, JavaScript does not.
      keyContributors(contributions(keyContributors(contributions(keyContributors(primaryImage as never))))),
      keyContributors(keyTraits as never),
      keyContributors.pageSize(3)(primaryImage),
    ]
    for (const spec of specs) {
      const json = { filters: {}, components: [{ name: 'primaryImage' }, spec.request] }
      expect(outcome(() => hql.explore().with(primaryImage, spec as never).body)).toEqual(
        outcome(() => fromJSON('explore', JSON.parse(JSON.stringify(json))).body),
      )
    }
  })

  test('a tree that is too deep where it stands is refused, though checked when made', () => {
    const four = keyContributors(contributions(keyContributors(contributions(primaryImage))))
    expect(hql.explore().with(four).body.components).toHaveLength(1)
    const error = caught(() => hql.explore().with(keyContributors(contributions(four as never))))
    expect(error.code).toBe('too_deep')
  })

  test('narrowing with a returnType filter reads only the components at the top', () => {
    let reads = 0
    const nested = new Proxy({ name: 'primaryImage' } as ComponentRequest, {
      get: (target, key, receiver) => {
        reads++
        return Reflect.get(target, key, receiver)
      },
    })
    const q = hql
      .explore()
      .with(new MadeComponent({ name: 'keyContributors', components: [nested] }) as never)
    reads = 0
    q.filter(returnType.eq('Movie'))
    // Before: the whole tree was checked again; what nests under a component does not depend on the query's types.
    expect(reads).toBe(0)
  })

  test('narrowing refuses a component that no longer applies, as a JSON body would be refused', () => {
    const body = {
      filters: { returnType: { $eq: 'Contributor' } },
      components: [{ name: 'primaryImage' }, { name: 'keyTraits' }],
    }
    const built = outcome(
      () =>
        hql
          .explore()
          .with(primaryImage, keyTraits)
          .filter(returnType.eq('Contributor') as never).body,
    )
    expect(built).toEqual(outcome(() => fromJSON('explore', body).body))
    expect((built as unknown[])[0]).toBe('component_not_applicable')
  })

  test('each filter lands under its own name, in canonical order, whatever order the calls came in', () => {
    const operators = {
      collections: { $eq: 'mhcol-a' },
      traits: { $eq: 'mhgnr-a' },
      sources: { $eq: 'mhsrc-a' },
      contributorsOf: { $eq: 'mhmov-a' },
      contributors: { $eq: 'mhric-a' },
      returnType: { $eq: 'Contributor' },
    } as const
    let q = QueryValue.of('explore', { filters: {} } as never, browsableTypes)
    for (const [filter, operator] of Object.entries(operators))
      q = q.filter(new MadeFilter(filter as never, operator))
    const filters = (q.body as { filters: Record<string, unknown> }).filters
    expect(Object.keys(filters)).toEqual([...filterNames])
    for (const [filter, operator] of Object.entries(operators)) expect(filters[filter]).toBe(operator)
  })
})

describe('.sort() takes the sorts its helpers made', () => {
  test("a sort written by hand is refused; a helper's sort is frozen: no caller can change a query through it", () => {
    const sort: Sort = { type: 'popularity', order: 'descending' }
    const error = caught(() => hql.explore().sort(popularity.asc(), sort))
    expect([error.code, error.path]).toEqual(['invalid_sort', ['sort', 1]])
    expect(Object.isFrozen(sort)).toBe(false)
    const q = hql.explore().sort(popularity.desc(), popularity.asc())
    expect(Object.isFrozen(popularity.desc())).toBe(true)
    expect(Object.isFrozen(compile(q).body.sort)).toBe(true)
    expect(compile(q).body.sort).toEqual([
      { type: 'popularity', order: 'descending' },
      { type: 'popularity', order: 'ascending' },
    ])
  })
})
