// The normaliser of typed inline text: HQL text made into one string of tokens, each followed by one space,
// which the parser reads with template patterns (`S extends \`where ${infer Rest}\``) and no token tuple.
//
// Measured while designing it (instantiation counts, bench/type-cost.ts): reading a word off a string costs ~8-12 type instantiations, a character
// ~8, a tuple element 10-36, and appending to a tuple is quadratic. So the text is cut in large pieces where
// TypeScript's template inference can cut it: first at strings and comments (whose insides must not be cut),
// then each stretch of code between them has its white space made spaces, its punctuators spaced and its runs
// of spaces collapsed, each by a loop over the occurrences of one character (not over every word). Every loop
// is tail-recursive with an accumulator (a `${A}${Loop<B>}` is not tail position: TypeScript stops it at depth
// ~100) and counts its turns, so that a text past the limit gets a sentence, not TypeScript's "excessively deep".

/** The most turns (990) one loop takes before the text is refused as too long (TypeScript stops at 1,000). */
export type Turns =
  `${D100}${D100}${D100}${D100}${D100}${D100}${D100}${D100}${D100}${D10}${D10}${D10}${D10}${D10}${D10}${D10}${D10}${D10}`
export type D10 = '..........'
export type D100 = `${D10}${D10}${D10}${D10}${D10}${D10}${D10}${D10}${D10}${D10}`

/** Where a loop stopped at its limit: the mark the parser reads as "too long" (no token holds a U+0000). */
export type CutMark = '\u0000'
export type Cut<Acc extends string> = `${Acc}${CutMark} `

/** The text as `token token … ` (each token followed by one space), `' '` marking a cut (see CutMark). */
export type Normalise<S extends string> = Chunks<S, '', ''>

// Cuts at the first string or comment, whichever comes first; the code before it is spaced and collapsed.
export type Chunks<S extends string, Out extends string, C extends string> = C extends Turns
  ? Cut<Out>
  : S extends `${infer Before}"${infer After}`
    ? Before extends `${infer Code}#${infer Comment}`
      ? Chunks<AfterLine<`${Comment}"${After}`>, `${Out}${Code_<Code>}`, `${C}.`>
      : ReadString<After, ''> extends [infer Body extends string, infer Rest extends string]
        ? Chunks<
            Rest,
            `${Out}${Code_<Before>}"${Body extends `${string} ${string}` ? NoSpaces<Body, '', ''> : Body}" `,
            `${C}.`
          >
        : `${Out}${Code_<Before>}${UnclosedMark} `
    : S extends `${infer Code}#${infer Comment}`
      ? Chunks<AfterLine<Comment>, `${Out}${Code_<Code>}`, `${C}.`>
      : `${Out}${Code_<S>}`

/** The mark of a string that is not closed. */
export type UnclosedMark = '\u0001'

export type AfterLine<S extends string> = S extends `${string}\n${infer Rest}` ? Rest : ''

// A string's body up to its closing quote; an escaped quote (`\"`) continues it.
export type ReadString<S extends string, Acc extends string> = S extends `${infer Body}"${infer Rest}`
  ? Body extends `${string}\\`
    ? EscapedQuote<Body> extends true
      ? ReadString<Rest, `${Acc}${Body}"`>
      : [`${Acc}${Body}`, Rest]
    : [`${Acc}${Body}`, Rest]
  : false

// Whether a body ending in backslashes ends in an odd number of them (its last one escapes the quote).
export type EscapedQuote<S extends string> = S extends `${infer Rest}\\\\`
  ? EscapedQuote<Rest>
  : S extends `${string}\\`
    ? true
    : false

// A space inside a string becomes U+00A0, so that the string stays one token (a string's words are not typed).
export type NoSpaces<S extends string, Acc extends string, C extends string> = C extends Turns
  ? Cut<Acc>
  : S extends `${infer A} ${infer B}`
    ? NoSpaces<B, `${Acc}${A}\u00a0`, `${C}.`>
    : `${Acc}${S}`

// A stretch of code as tokens each followed by one space ('' for white space only). The stretches between the
// strings of a list (`, `) are the most common: they are answered without a pass.
export type Code_<S extends string> = S extends ', ' | ','
  ? ', '
  : S extends ' ' | ''
    ? ''
    : Trimmed<Collapse<Punctuated<Blanked<S>>, '', ''>>

export type Trimmed<S extends string> = S extends ` ${infer R}` ? R : S

// White space made spaces, looked for at once first (a one-line text has none).
export type Blanked<S extends string> = S extends `${string}${'\n' | '\t' | '\r' | '\uFEFF'}${string}`
  ? Has<Has<Has<Has<S, '\n', ' '>, '\t', ' '>, '\r', ' '>, '\uFEFF', ' '>
  : S

// Each punctuator spaced (`!=` kept whole by Equals); the rarer ones looked for at once first.
export type Punctuated<S extends string> = Equalled<
  S extends `${string}${'{' | '}' | '(' | ')' | '[' | ']' | ':'}${string}`
    ? Has<
        Has<
          Has<
            Has<Has<Has<Has<Has<S, ',', ' , '>, '{', ' { '>, '}', ' } '>, '(', ' ( '>, ')', ' ) '>,
            '[',
            ' [ '
          >,
          ']',
          ' ] '
        >,
        ':',
        ' : '
      >
    : Has<S, ',', ' , '>
>

type Equalled<S extends string> = S extends `${string}=${string}` ? Equals<S, '', ''> : S

// A pass only where `P` occurs: looking costs a few instantiations, a pass that finds nothing ~18.
export type Has<S extends string, P extends string, By extends string> = S extends `${string}${P}${string}`
  ? Each<S, P, By, '', ''>
  : S

/** Every `P` of `S` replaced by `By`. */
export type Each<
  S extends string,
  P extends string,
  By extends string,
  Acc extends string,
  C extends string,
> = C extends Turns
  ? Cut<Acc>
  : S extends `${infer A}${P}${infer B}`
    ? Each<B, P, By, `${Acc}${A}${By}`, `${C}.`>
    : `${Acc}${S}`

export type Equals<S extends string, Acc extends string, C extends string> = C extends Turns
  ? Cut<Acc>
  : S extends `${infer A}=${infer B}`
    ? Equals<B, A extends `${infer Left}!` ? `${Acc}${Left} != ` : `${Acc}${A} = `, `${C}.`>
    : `${Acc}${S}`

// Runs of spaces made one space; the result ends in one space (or is '').
export type Collapse<S extends string, Acc extends string, C extends string> = C extends Turns
  ? Cut<Acc>
  : S extends `${infer A}  ${infer B}`
    ? Collapse<` ${B}`, `${Acc}${A}`, `${C}.`>
    : S extends ` ` | ''
      ? Acc extends ''
        ? ''
        : `${Acc} `
      : S extends `${string} `
        ? `${Acc}${S}`
        : `${Acc}${S} `
