// Issue 31: the exported `Pair` types the items a user names, top-level and nested alike. With the empty context
// as its default, `Pair<{ name: string; primaryImage: Pair<Image> }>` refused every top-level item ("'string'
// index signatures are incompatible": a top-level item's context is open, a component's is empty).
import { expectTypeOf, test } from 'vitest'
import { hql, primaryImage, returnType } from 'hql'
import type { ResultOf } from 'hql'
import type { EmptyContext, Image, Pair } from 'hql/schemas'

const movies = hql.explore().filter(returnType.eq('Movie')).with(primaryImage)
type Item = ResultOf<typeof movies>['content'][number]
type MovieItem = Pair<{ readonly name: string; readonly primaryImage: Pair<Image> }>

test('a top-level item is a Pair, and so is the component pair it holds', () => {
  expectTypeOf<Item>().toExtend<MovieItem>()
  expectTypeOf<Item['object']['primaryImage']>().toExtend<Pair<Image>>()
})

test('a context given still narrows: a component pair has the empty one, a top-level item does not', () => {
  expectTypeOf<Item['object']['primaryImage']>().toExtend<Pair<Image, EmptyContext>>()
  expectTypeOf<Item>().not.toExtend<Pair<{ readonly name: string }, EmptyContext>>()
})

test('an item of another shape is still refused', () => {
  expectTypeOf<Item>().not.toExtend<Pair<{ readonly title: string }>>()
})
