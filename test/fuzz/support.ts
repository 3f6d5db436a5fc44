// Shared by the fuzz suites of every door: how many cases to run, the hostile keys and values to put in
// every position, and the invariant that no built-in prototype was touched.
import fc from 'fast-check'
import { anyString } from '../support/any-text'

/**
 * Cases per property: a few hundred in `npm test` (a few seconds per door), or `HQL_FUZZ_RUNS` (`npm run fuzz`
 * sets 100,000). `scale` lowers the count for properties whose case is expensive (an HTTP round trip).
 */
export function fuzzRuns(defaultRuns: number): number {
  const fromEnv = Number(process.env.HQL_FUZZ_RUNS)
  return Number.isSafeInteger(fromEnv) && fromEnv > 0 ? fromEnv : defaultRuns
}

/** Keys that reach the prototype chain when used to index a plain object, and their friends. */
export const prototypeKeys = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'valueOf',
  '__defineGetter__',
  'isPrototypeOf',
] as const

/** A key or value an attacker would try: prototype keys, near-valid names, odd unicode, long strings. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...prototypeKeys) },
  {
    weight: 1,
    arbitrary: fc.constantFrom('', ' ', '$eq', '$or', '\u0000', '\uD800', '\u202Emhmov', 'ＭＯＶＩＥ'),
  },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 12 }) },
  { weight: 1, arbitrary: anyString({ maxLength: 12 }) },
)

const builtins = [Object, Array, Function, String, Number, Boolean, Promise, Map, Set, Error, RegExp] as const

/** A snapshot of the built-in constructors and prototypes: frozenness, extensibility and own keys. */
export function builtinsSnapshot(): string {
  const describe = (value: object) =>
    `${Object.isFrozen(value)}/${Object.isExtensible(value)}/${Reflect.ownKeys(value).map(String).join(',')}`
  return builtins
    .map((ctor) => `${ctor.name}:${describe(ctor)}:${describe(ctor.prototype as object)}`)
    .join('\n')
}

/** Captures the built-ins now; the returned function throws if any of them changed since. */
export function expectBuiltinsUntouched(): () => void {
  const before = builtinsSnapshot()
  return () => {
    const after = builtinsSnapshot()
    if (after !== before) throw new Error(`a built-in prototype or constructor changed:\n${after}`)
  }
}
