// Where code cannot be generated (a web page), the owned fast path runs the closures, which do not count the
// size limits: the walk runs before them, so a body past a limit is refused there too. A file of its own: each
// endpoint's compiled form is made once per module, at its first use, and this one must be made in a "page".
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseOwnedRequestFast } from '../../src/model/request/fast-bodies'
import { requestLimits } from '../../src/model/limits'

const ids = (count: number) => Array.from({ length: count }, (_, index) => `mhmov-m${index}`)

describe('the owned fast path in a web page', () => {
  beforeAll(() => {
    Object.defineProperty(globalThis, 'document', { value: {}, configurable: true })
  })
  afterAll(() => {
    Reflect.deleteProperty(globalThis, 'document')
  })

  it('takes a body within the limits and refuses one past a limit', () => {
    expect(parseOwnedRequestFast('lookup', { ids: ids(requestLimits.ids) })).toBeDefined()
    expect(parseOwnedRequestFast('lookup', { ids: ids(requestLimits.ids + 1) })).toBeUndefined()
  })
})
