// Long secrets (every token, most passwords) echoed the way a real encoder writes them, each character its own
// way where the encoder allows a choice: JSON (as it is, a short escape, `\uXXXX` in either case; a quote, a
// backslash and a control character always escaped), a URL (unreserved characters as they are or
// percent-encoded in either case, a space also as `+`, anything else percent-encoded), Base64 in either
// alphabet, padded or not. Whatever the secret and the encoding, the words around it stay and the secret is
// one `[redacted]` (a padded Base64 keeps its padding, which is no secret).
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { Secrets } from '../../src/client/secrets'

const POOL = [...'aZ09-_+/ .~"\\%<&=:', 'é', 'ü', '密', '😀', '\u0001']
const hex = (n: number, width: number, upper: boolean) => {
  const digits = n.toString(16).padStart(width, '0')
  return upper ? digits.toUpperCase() : digits
}
const units = (char: string) => [...Array(char.length).keys()].map((i) => char.charCodeAt(i))

/** A secret of 12 to 80 characters from POOL, not starting or ending with a space (secrets are kept trimmed). */
const secret = fc
  .array(fc.constantFrom(...POOL), { minLength: 12, maxLength: 80 })
  .map((chars) => chars.join('').trim())
  .filter((text) => [...text].length >= 12)

/** One character as a JSON encoder may write it inside a string. */
const jsonChar = (char: string) =>
  fc.constantFrom(
    ...(/["\\\u0000-\u001f]/.test(char) ? [] : [char]),
    JSON.stringify(char).slice(1, -1),
    units(char)
      .map((unit) => `\\u${hex(unit, 4, false)}`)
      .join(''),
    units(char)
      .map((unit) => `\\u${hex(unit, 4, true)}`)
      .join(''),
  )

/** One character as a URL encoder may write it. */
const urlChar = (char: string) =>
  fc.constantFrom(
    ...(/[A-Za-z0-9\-_.~]/.test(char) ? [char] : []),
    ...(char === ' ' ? ['+'] : []),
    ...[false, true].map((upper) =>
      [...Buffer.from(char, 'utf8')].map((byte) => `%${hex(byte, 2, upper)}`).join(''),
    ),
  )

const perChar = (value: string, encode: (char: string) => fc.Arbitrary<string>) =>
  fc.tuple(...[...value].map(encode)).map((parts) => parts.join(''))

/** An echo of `value`, and what a scrub of it leaves after `[redacted]`. */
const echo = (value: string): fc.Arbitrary<[string, string]> =>
  fc.oneof(
    fc.constant<[string, string]>([value, '']),
    perChar(value, jsonChar).map((text): [string, string] => [text, '']),
    perChar(value, urlChar).map((text): [string, string] => [text, '']),
    fc.constantFrom<[string, string]>(
      [Buffer.from(value).toString('base64').replace(/=+$/, ''), ''],
      [Buffer.from(value).toString('base64'), /=*$/.exec(Buffer.from(value).toString('base64'))![0]],
      [Buffer.from(value).toString('base64url'), ''],
    ),
  )

describe('a long secret echoed by any encoder', () => {
  it('is one [redacted] between words that stay', () => {
    fc.assert(
      fc.property(
        secret.chain((value) => fc.tuple(fc.constant(value), echo(value))),
        ([value, [text, kept]]) => {
          const secrets = new Secrets()
          secrets.add(value)
          expect(secrets.scrub(`start ${text} end`)).toBe(`start [redacted]${kept} end`)
        },
      ),
      { numRuns: 400 },
    )
  })

  it('cut short, loses every piece of it that shows', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789'), {
          minLength: 200,
          maxLength: 600,
        }),
        fc.nat(),
        (chars, cut) => {
          const value = chars.join('')
          const shown = value.slice(0, 128 + (cut % (value.length - 128)))
          const secrets = new Secrets()
          secrets.add(value)
          const out = secrets.scrub(`start ${shown} end`)
          // What is left of it is less than a piece (64 characters, or half of one where the secret's pieces are shorter).
          const left = out.replace('start ', '').replace(' end', '').replaceAll('[redacted]', '')
          expect(left.length).toBeLessThan(64)
          expect(out.startsWith('start [redacted]')).toBe(true)
        },
      ),
      { numRuns: 200 },
    )
  })
})
