import { expectTypeOf, test } from 'vitest'
import { hql, primaryImage, returnType } from 'hql'
import { fixture, type HqlFixture } from 'hql/testing'

const page = { next: null, previous: null }
const movies = hql.explore().filter(returnType.eq('Movie')).with(primaryImage)
const image = { url: 'u', width: 1, height: 1 }
const movie = { mhid: 'mhmov-m' as const, altId: 'a', name: 'n', releaseDate: 0, description: '' }

test('a fixture’s response is typed by its query', () => {
  const ok = fixture(movies, {
    content: [
      {
        object: {
          ...movie,
          primaryImage: {
            object: {
              mhid: 'mhimg-i',
              name: null,
              thumbnail: image,
              small: image,
              medium: image,
              large: image,
              original: image,
              averageColor: '#000',
              isDefault: false,
            },
            context: {},
          },
        },
        context: {},
      },
    ],
    pagingInfo: page,
  })
  expectTypeOf(ok).toEqualTypeOf<HqlFixture>()
  // @ts-expect-error the query asks for primaryImage: a movie without it does not fit
  fixture(movies, { content: [{ object: movie, context: {} }], pagingInfo: page })
  // @ts-expect-error content is a list of pairs
  fixture(movies, { content: 'none', pagingInfo: page })
  // A plain request (a pagingInfo.next) has no result type to hold the response to.
  fixture({ endpoint: '/graph/explore', body: { filters: {} } }, { anything: true })

  // A broken response on purpose, for a test of the client's check; the option is a boolean.
  fixture(movies, { content: [{ object: movie, context: {} }], pagingInfo: page } as never, { check: false })
  // @ts-expect-error check is true or false
  fixture(movies, { content: [], pagingInfo: page }, { check: 'no' })
  // @ts-expect-error fixture has no option of that name
  fixture(movies, { content: [], pagingInfo: page }, { checks: false })
})
