import { describe, expect, it } from 'vitest'
import {
  FactorIdRule,
  PageRule,
  PageSizeRule,
  ReturnTypeNameRule,
  checkComponentName,
  checkComponentTree,
  checked,
  describeId,
  isIdOfType,
  maxComponentDepth,
  requestLimits,
  typeOfId,
} from '../../src/model'
import type { ComponentRequest } from '../../src/model'
import { caught } from '../support/caught'

// The model's rules and ids, tested directly: every door (builder, fromJSON, text, the service) runs them.

describe('ids', () => {
  it('tells the form and type of each kind of id', () => {
    expect(describeId('mhmov-gladiator')).toEqual({ form: 'altId', type: 'Movie', prefix: 'mhmov' })
    expect(describeId(`mhric${'A'.repeat(39)}`)).toEqual({
      form: 'mhid',
      type: 'Contributor',
      prefix: 'mhric',
    })
    expect(describeId('mhals-current-user')).toEqual({ form: 'alias', type: 'User', prefix: 'mhals' })
    expect(describeId('iTunes:Movie:569220589')).toEqual({
      form: 'mappedSourceId',
      type: 'Movie',
      source: 'iTunes',
    })
    expect(describeId('iTunes::569220589')).toEqual({
      form: 'mappedSourceId',
      type: undefined,
      source: 'iTunes',
    })
    expect(describeId('mhgnr-drama')).toMatchObject({ form: 'altId', type: 'Trait' })
  })

  it('refuses what is not an id: a bare prefix, spaces, an unknown prefix, a prototype key', () => {
    for (const id of ['mhmov-', 'mhmov-a b', 'mhxyz-a', 'gladiator', '__proto__', 'constructor'])
      expect(describeId(id)).toEqual({ form: 'unknown' })
    expect(typeOfId('gladiator')).toBeUndefined()
    expect(typeOfId('mhsss-the-wire')).toBe('ShowSeries')
  })

  it('checks an id against types: mapped source ids never pass, since their type is not certain', () => {
    expect(isIdOfType('mhmov-a', ['Movie', 'ShowSeries'])).toBe(true)
    expect(isIdOfType('iTunes:Movie:1', ['Movie'])).toBe(false)
    const error = caught(() => checked(FactorIdRule, 'mhsrc-a', ['factors', 0, 'id']))
    expect(error.code).toBe('wrong_id_prefix')
    expect(error.path).toEqual(['factors', 0, 'id'])
    expect(caught(() => checked(FactorIdRule, 42, [])).message).toMatch(/got 42/)
  })
})

describe('component rules', () => {
  const tree = (...components: ComponentRequest[]) => components

  it('accepts components that apply to one of the types, nested ones against what their parent returns', () => {
    expect(() =>
      checkComponentTree(
        tree({ name: 'keyContributors', components: [{ name: 'primaryImage' }] }),
        ['Movie'],
        ['components'],
      ),
    ).not.toThrow()
  })

  it('names the path of a component that does not apply, repeats, or takes no page size or nesting', () => {
    const notHere = caught(() =>
      checkComponentTree(
        tree({ name: 'keyContributors', components: [{ name: 'keyTraits' }] }),
        ['Movie'],
        ['c'],
      ),
    )
    expect(notHere.code).toBe('component_not_applicable')
    expect(notHere.path).toEqual(['c', 0, 'components', 0, 'name'])
    expect(
      caught(() =>
        checkComponentTree(tree({ name: 'primaryImage' }, { name: 'primaryImage' }), ['Movie'], []),
      ).path,
    ).toEqual([1, 'name'])
    expect(
      caught(() => checkComponentTree(tree({ name: 'primaryImage', pageSize: 2 }), ['Movie'], [])).code,
    ).toBe('invalid_page_size')
    expect(
      caught(() =>
        checkComponentTree(
          tree({ name: 'primaryName', components: [{ name: 'primaryImage' }] }),
          ['Movie'],
          [],
        ),
      ).path,
    ).toEqual([0, 'components'])
  })

  it('bounds nesting depth and components per level', () => {
    let deep: ComponentRequest = { name: 'primaryImage' }
    for (let i = 0; i < maxComponentDepth; i++)
      deep = { name: 'keyContributors', components: [{ name: 'contributions', components: [deep] }] }
    expect(caught(() => checkComponentTree([deep], ['Movie'], [])).code).toBe('too_deep')
    const many = Array.from(
      { length: requestLimits.componentsPerLevel + 1 },
      () => ({ name: 'primaryImage' }) as const,
    )
    expect(() => checkComponentTree(many, ['Movie'], [])).toThrow()
  })

  it('suggests the closest name for an unknown component', () => {
    const error = caught(() => checkComponentName('primaryImg', ['name']))
    expect(error.code).toBe('unknown_component')
    expect(error.message).toMatch(/did you mean 'primaryImage'/)
  })
})

describe('page and type rules', () => {
  it('takes whole page numbers from 0 and page sizes from 1', () => {
    expect(checked(PageRule, 0, [])).toBe(0)
    expect(checked(PageSizeRule, 1, [])).toBe(1)
    for (const bad of [-1, 1.5, '1', Number.NaN, 2 ** 53])
      expect(() => checked(PageRule, bad, ['page'])).toThrow()
    for (const bad of [0, 2.5, null]) expect(() => checked(PageSizeRule, bad, ['pageSize'])).toThrow()
  })

  it('knows the type names, and suggests one for a near miss', () => {
    expect(checked(ReturnTypeNameRule, 'Movie', [])).toBe('Movie')
    expect(caught(() => checked(ReturnTypeNameRule, 'Movi', ['returnType'])).message).toMatch(
      /did you mean 'Movie'/,
    )
  })
})
