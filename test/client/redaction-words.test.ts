// Redaction of short secrets (issue 9): a secret under 12 characters is redacted where it stands as a value, and
// kept where it is part of a longer run of letters and digits (`127.0.0.1:41234` with a password `1234`). Long
// secrets, tokens and their encodings are redacted anywhere: test/client/redaction.test.ts, over HTTP.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { Secrets } from '../../src/client/secrets'

const ALNUM = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'.split('')
const alnum = (minLength: number, maxLength: number) =>
  fc.array(fc.constantFrom(...ALNUM), { minLength, maxLength }).map((cs) => cs.join(''))
/** A short secret: letters and digits at both ends, any of a few symbols inside (`p@ss-1`). */
const shortSecret = fc
  .tuple(
    fc.constantFrom(...ALNUM),
    fc.array(fc.constantFrom(...ALNUM, '@', '#', '!', '-', '.', '$'), { maxLength: 9 }),
    fc.constantFrom(...ALNUM),
  )
  .map(([first, middle, last]) => `${first}${middle.join('')}${last}`)
  .chain((s) => fc.constantFrom(s, s.slice(0, 1)))
  // A secret named like a secret field (`password`) has a rule of its own (redaction.test.ts).
  .filter((s) => !/^(?:authorization|password|client_?secret|refresh_?token|access_?token)$/i.test(s))

const scrubbedWith = (secret: string, text: string): string => {
  const secrets = new Secrets()
  secrets.add(secret)
  return secrets.scrub(text)
}

describe('short secrets are redacted as values, not as parts of other words', () => {
  it('keeps a short secret that letters or digits continue on either side', () => {
    fc.assert(
      fc.property(shortSecret, alnum(0, 6), alnum(0, 6), fc.boolean(), (secret, before, after, side) => {
        fc.pre(secret !== 'see' && secret !== 'here') // the words around it, standing alone
        // At least one side continues the run: the secret is part of a longer word or number.
        const [head, tail] = before === '' && after === '' ? (side ? ['x', ''] : ['', '7']) : [before, after]
        // A word that is the secret's Base64 (`UQ` for `Q`) is the secret written another way: redacted by rule.
        const base64 = Buffer.from(secret).toString('base64')
        fc.pre(![base64, base64.replace(/=+$/, '')].includes(`${head}${secret}${tail}`))
        const text = `see ${head}${secret}${tail} here`
        expect(scrubbedWith(secret, text)).toBe(text)
      }),
    )
  })

  it('redacts a short secret standing alone, or after `=`, `:`, a quote or a space', () => {
    fc.assert(
      fc.property(
        shortSecret,
        fc.constantFrom('', ' ', '=', ':', ': ', '"', "'", '(', '/'),
        fc.constantFrom('', ' ', '"', "'", ',', ';', '&', ')', '.'),
        (secret, opening, closing) => {
          fc.pre(secret !== 'pin') // the word before it, standing alone
          const text = `pin${opening}${secret}${closing}`
          const expected = `pin${opening}[redacted]${closing}`
          // With nothing before it, the secret continues `pin`: only the cases with a separator stand alone.
          if (opening === '') expect(scrubbedWith(secret, text)).toBe(text)
          else expect(scrubbedWith(secret, text)).toBe(expected)
          expect(scrubbedWith(secret, `${secret}${closing}`)).toBe(`[redacted]${closing}`)
        },
      ),
    )
  })

  it('still redacts a secret of 12 characters or more inside other words', () => {
    fc.assert(
      fc.property(alnum(12, 40), alnum(1, 6), alnum(1, 6), (secret, before, after) => {
        expect(scrubbedWith(secret, `${before}${secret}${after}`)).toBe(`${before}[redacted]${after}`)
      }),
    )
  })
})
