// The sentences of typed inline text. A text the type-level reading refuses becomes, as the type of
// `hqlText`'s argument, one of these: `hql: <what is wrong> (<code>)`, where the code is the one `parseQuery`
// throws for the same text at run time (test/inline/mistakes.test.ts holds each pair).

import type { HqlErrorCode } from '../model'

/** A failure of the type-level reading: the sentence the argument's type becomes. */
export interface Failed<Message extends string> {
  readonly failed: Message
}

/** A sentence with the run-time error code it stands for. */
export type Fail<Message extends string, Code extends HqlErrorCode> = Failed<`hql: ${Message} (${Code})`>

/** A syntax error: what was found, and what may come there. */
export type Unexpected<Found extends string, Expected extends string> = Fail<
  `expected ${Expected}, found ${Shown<Found>}`,
  'syntax_error'
>

/** A token as sentences show it: `end of text` for none. */
export type Shown<Token extends string> = Token extends ''
  ? 'end of text'
  : Token extends `"${string}`
    ? Unspaced<Token>
    : `'${Token}'`

// A string's spaces come back (the normaliser made them U+00A0 to keep the string one token).
type Unspaced<S extends string> = S extends `${infer A}\u00a0${infer B}` ? Unspaced<`${A} ${B}`> : S

/** The first token of a normalised text ('' at its end). */
export type First<S extends string> = S extends `${infer Token} ${string}` ? Token : ''

/** The sentence for a text that is not a literal: its type cannot be read. */
export type NotLiteral =
  'hql: hqlText types a literal string only; for text known at run time use parseQuery, or write the query in a .hql file and run hql generate'

/** The sentence of a text whose reading would pass TypeScript's limits (a loop of more than 990 turns). */
export type TooLong =
  'hql: the text is too long to type where it is written (a list or a stretch of it passed 990 items); use parseQuery, or a .hql file and hql generate'
