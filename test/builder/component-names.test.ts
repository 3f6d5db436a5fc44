// Components by name (`.with('primaryImage')`) and a nested list's page size given before nesting
// (`keyContributors.pageSize(3)(primaryImage)`): both compile to the JSON of the value form, and a name that
// is wrong fails as the value would, with the same code and path.
import { describe, expect, test } from 'vitest'
import { hql, compile, returnType, primaryImage, keyContributors, contributors, images } from 'hql'
import { caught } from '../support/caught'

const movies = () => hql.explore().filter(returnType.eq('Movie'))

describe('components by name', () => {
  test('the issue example compiles to the same JSON as the value form', () => {
    const byName = movies().with('primaryImage', keyContributors('primaryImage').pageSize(3))
    const byValue = movies().with(primaryImage, keyContributors(primaryImage).pageSize(3))
    expect(compile(byName)).toEqual(compile(byValue))
    expect(compile(byName).body.components).toEqual([
      { name: 'primaryImage' },
      { name: 'keyContributors', pageSize: 3, components: [{ name: 'primaryImage' }] },
    ])
  })

  test('names and values mix, on every endpoint', () => {
    expect(compile(hql.lookup('mhmov-gladiator').with('primaryImage', images)).body.components).toEqual([
      { name: 'primaryImage' },
      { name: 'images' },
    ])
    expect(compile(hql.relate('mhmov-gladiator').with(contributors('primaryImage'))).body.components).toEqual(
      [{ name: 'contributors', components: [{ name: 'primaryImage' }] }],
    )
  })

  test('a name that does not apply throws what the value throws', () => {
    // @ts-expect-error allSubscriptions does not apply to Movie (test/builder/editor.test.ts reads the message)
    const byName = caught(() => movies().with('allSubscriptions'))
    expect(byName.code).toBe('component_not_applicable')
    expect(byName.path).toEqual(['components', 0, 'name'])
    // @ts-expect-error allMediums does not apply to Contributor
    const nested = caught(() => movies().with(keyContributors('allMediums')))
    expect(nested.code).toBe('component_not_applicable')
    expect(nested.path).toEqual(['components', 0, 'components', 0, 'name'])
  })

  test('a name that is no component gets a suggestion, top-level and nested', () => {
    // @ts-expect-error primaryImg is no component
    const top = caught(() => movies().with('primaryImg'))
    expect(top.code).toBe('unknown_component')
    expect(top.message).toContain("'primaryImage'")
    // @ts-expect-error primaryImg is no component
    const nested = caught(() => keyContributors('primaryImg'))
    expect(nested.code).toBe('unknown_component')
    expect(nested.message).toContain("'primaryImage'")
  })
})

describe('a nested list takes its page size in either order', () => {
  test('keyContributors.pageSize(3)(primaryImage) is keyContributors(primaryImage).pageSize(3)', () => {
    const before = movies().with(keyContributors.pageSize(3)(primaryImage))
    const after = movies().with(keyContributors(primaryImage).pageSize(3))
    expect(compile(before)).toEqual(compile(after))
    expect(compile(before).body.components).toEqual([
      { name: 'keyContributors', pageSize: 3, components: [{ name: 'primaryImage' }] },
    ])
  })

  test('the last page size given wins, and a list with a page size alone still works', () => {
    expect(compile(movies().with(keyContributors.pageSize(3).pageSize(4))).body.components).toEqual([
      { name: 'keyContributors', pageSize: 4 },
    ])
    expect(
      compile(movies().with(keyContributors.pageSize(3)('primaryImage').pageSize(5))).body.components,
    ).toEqual([{ name: 'keyContributors', pageSize: 5, components: [{ name: 'primaryImage' }] }])
  })

  test('a page size out of range is refused before nesting too', () => {
    expect(caught(() => keyContributors.pageSize(0)).code).toBe('invalid_page_size')
  })
})
