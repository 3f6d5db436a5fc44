// Literal numbers where the request wants a range: a page size of 1 or more, a page of 0 or more, whole
// numbers both; a weight of 0 or more; a probability from 0 to 1. Checked on the word as written (the reading
// types a number as `number`), with the sentences and codes parseQuery gives (src/model's request checks).
// A number with an exponent (`1e3`) is left to the run time: it is rare, and its value is not in its digits.

import type { Fail } from './errors'

/** The places a literal number has a range. */
export type NumberRule = 'page' | 'size' | 'weight' | 'probability'

/** `Read` when the first word of `S` fits `Rule` (or is not a literal number), else the sentence. */
export type InRange<S extends string, Rule extends NumberRule, Read> = Rule extends 'probability'
  ? Whole<S, Rule, Read>
  : // Most numbers are plain (`10`): one test, and the reading goes on.
    S extends `${'-' | '0'}${string}` | `${number}.${string}`
    ? Whole<S, Rule, Read>
    : Read

type Whole<S extends string, Rule extends NumberRule, Read> = S extends `${infer W} ${string}`
  ? Checked<Problem<W, Rule>, Read>
  : Read

type Checked<Found, Read> = [Found] extends [never] ? Read : Found

type Problem<W extends string, Rule extends NumberRule> = W extends `${number}`
  ? W extends `${string}${'e' | 'E'}${string}`
    ? never
    : Rule extends 'page'
      ? IsFraction<W> extends true
        ? Fail<`expected a whole number, got number ${W}`, 'invalid_page'>
        : IsNegative<W> extends true
          ? Fail<'expected a page number of 0 or more (pages are zero-based)', 'invalid_page'>
          : never
      : Rule extends 'size'
        ? IsFraction<W> extends true
          ? Fail<`expected a whole number, got number ${W}`, 'invalid_page_size'>
          : IsNegative<W> extends true
            ? PositiveSize
            : IsZero<W> extends true
              ? PositiveSize
              : never
        : Rule extends 'weight'
          ? IsNegative<W> extends true
            ? Fail<'expected a weight of 0 or more', 'invalid_factor'>
            : never
          : IsNegative<W> extends true
            ? Probability
            : AtMostOne<W> extends true
              ? never
              : Probability
  : never

type PositiveSize = Fail<'expected a positive page size', 'invalid_page_size'>
type Probability = Fail<'expected a probability from 0 to 1', 'invalid_request'>

// Whether digits are all zeros ('' too).
type Zeros<S extends string> = S extends '' ? true : S extends `0${infer R}` ? Zeros<R> : false

type IsFraction<W extends string> = W extends `${string}.${infer F}`
  ? Zeros<F> extends true
    ? false
    : true
  : false

type IsZero<W extends string> = W extends `-${infer A}`
  ? IsZero<A>
  : W extends `${infer I}.${infer F}`
    ? [Zeros<I>, Zeros<F>] extends [true, true]
      ? true
      : false
    : Zeros<W>

// Below zero: a minus, and not -0.
type IsNegative<W extends string> = W extends `-${string}` ? (IsZero<W> extends true ? false : true) : false

// 0 to 1: a whole part of zeros, or of ones after zeros with a fraction of zeros.
type AtMostOne<W extends string> = W extends `${infer I}.${infer F}`
  ? Zeros<I> extends true
    ? true
    : Int1<I> extends true
      ? Zeros<F>
      : false
  : Zeros<W> extends true
    ? true
    : Int1<W>

type Int1<I extends string> = I extends `0${infer R}` ? Int1<R> : I extends '1' ? true : false
