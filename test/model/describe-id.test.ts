import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { describeId, objectTypeNames, prefixTypes, typeOfId, type IdDescription } from '../../src/model/ids'

// describeId (src/model/ids.ts) against its rule read plainly, case by case, on ids made of the pieces that
// decide: known and unknown prefixes, '-', ':', type names, letters, and the characters no id holds.

function plainly(id: string): IdDescription {
  if (id === 'mhals-current-user') return { form: 'alias', type: 'User', prefix: 'mhals' }
  if (/[\s\p{Cc}\p{Cf}\p{Cs}]/u.test(id)) return { form: 'unknown' }
  const prefix = id.slice(0, 5)
  const type = prefixTypes.get(prefix)
  if (type !== undefined && id.length > 6 && id[5] === '-') return { form: 'altId', type, prefix }
  if (type !== undefined && /^[a-z]{5}[A-Za-z0-9]{39}$/.test(id)) return { form: 'mhid', type, prefix }
  const parts = id.split(':')
  if (parts.length >= 3 && parts[0] !== '' && parts.slice(2).join(':') !== '') {
    const named = objectTypeNames.find((name) => name === parts[1])
    return { form: 'mappedSourceId', type: named, source: parts[0] as string }
  }
  return { form: 'unknown' }
}

const piece = fc.oneof(
  fc.constantFrom(...prefixTypes.keys(), 'mhxyz', 'mhals-current-user'),
  fc.constantFrom('-', ':', '::', 'Movie', 'Trait', 'movie', 'a', 'Z9', ' ', '\u202e', '\ud800', '\u00a0'),
  fc.string({ unit: fc.constantFrom('a', 'B', '7'), minLength: 39, maxLength: 39 }),
)
const id = fc.array(piece, { maxLength: 5 }).map((pieces) => pieces.join(''))

describe('describeId', () => {
  it('tells the form and type of an id as its rule reads', () => {
    fc.assert(
      fc.property(id, (text) => {
        expect(describeId(text)).toStrictEqual(plainly(text))
        const described = plainly(text)
        expect(typeOfId(text)).toBe(described.form === 'unknown' ? undefined : described.type)
      }),
      { numRuns: 5000 },
    )
  })

  it('reads each form', () => {
    expect(describeId('mhmov-gladiator')).toStrictEqual({ form: 'altId', type: 'Movie', prefix: 'mhmov' })
    expect(describeId(`mhgnr${'a'.repeat(39)}`)).toStrictEqual({
      form: 'mhid',
      type: 'Trait',
      prefix: 'mhgnr',
    })
    expect(describeId('IMDB::tt0238380')).toStrictEqual({
      form: 'mappedSourceId',
      type: undefined,
      source: 'IMDB',
    })
    expect(describeId('mhmov-')).toStrictEqual({ form: 'unknown' })
    expect(describeId('mhmov-\u202egladiator')).toStrictEqual({ form: 'unknown' })
  })
})
