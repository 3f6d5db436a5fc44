import type { JsonPath } from '../errors'

// A small checker kit for responses. The browser client checks every response by default, so this must cost
// little: a few combinators that infer their TypeScript type, collect every issue with its path, and answer
// `safeParse` the way zod does (the client and tests use either interchangeably). Requests have their own
// rules and checker (src/model/request/rule.ts): strict, with error codes, and copied in canonical order.

export interface CheckIssue {
  readonly path: JsonPath
  readonly message: string
}

export type SafeParseResult<T> =
  | { readonly success: true; readonly data: T }
  | { readonly success: false; readonly error: { readonly issues: readonly CheckIssue[] } }

/**
 * Where a checker is, as a stack: a container pushes the key of the child it checks and pops it after, so that
 * checking a value that passes allocates no path. An issue copies it (`report`): the stack changes on.
 */
export type PathStack = (string | number)[]

/** A checker for values of type `T`. */
export interface Checker<T> {
  /** Phantom: the checked type. */
  readonly type?: T
  /** Pushes an issue for each problem found in `value`, at `path` (left as it was found). */
  readonly check: (value: unknown, path: PathStack, issues: CheckIssue[]) => void
  /** Checks a value; the data is the value itself (fields the model does not know are kept). */
  safeParse(value: unknown): SafeParseResult<T>
}

/** An object field that may be absent. */
export interface OptionalChecker<T> extends Checker<T> {
  readonly optional: true
}

export type Infer<C> = C extends Checker<infer T> ? T : never

type Shape = Readonly<Record<string, Checker<unknown>>>
type OptionalKeys<S extends Shape> = {
  [K in keyof S]: S[K] extends OptionalChecker<unknown> ? K : never
}[keyof S]
/** The type of an object shape: optional fields for optional checkers, the rest required. */
export type ObjectOf<S extends Shape> = { readonly [K in Exclude<keyof S, OptionalKeys<S>>]: Infer<S[K]> } & {
  readonly [K in OptionalKeys<S>]?: Infer<S[K]>
}

/** Adds an issue at a copy of `path`, with `keys` appended. */
export const report = (issues: CheckIssue[], path: PathStack, message: string, ...keys: string[]): void =>
  void issues.push({ path: path.concat(keys), message })

// The combinators are marked free of side effects, so that a schema a program never reads is dropped from its
// bundle. A bundler honours that mark only for calls in the module that declares the function (esbuild 0.27), and
// the build puts the response schemas in a chunk of their own: the modules that build schemas at load mark each
// call /* @__PURE__ */ as well, or every program that read one schema of the chunk kept them all (looseCheck
// paid 319 B gzip for schemas it never reads).
/** A checker written by hand, for rules the combinators do not express; the combinators are made with it. */
/* @__NO_SIDE_EFFECTS__ */ export function custom<T>(check: Checker<T>['check']): Checker<T> {
  return {
    check,
    safeParse(value) {
      const issues: CheckIssue[] = []
      check(value, [], issues)
      return issues.length === 0 ? { success: true, data: value as T } : { success: false, error: { issues } }
    },
  }
}

/** Adds the issue of a value that is not what was `expected`, saying what it is. */
const refuse = (issues: CheckIssue[], path: PathStack, expected: string, value: unknown): void =>
  report(
    issues,
    path,
    `expected ${expected}, got ${
      value === null
        ? 'null'
        : Array.isArray(value)
          ? 'an array'
          : typeof value === 'object'
            ? 'an object'
            : typeof value
    }`,
  )

/* @__NO_SIDE_EFFECTS__ */ const primitive = <T>(expected: string, test: (value: unknown) => boolean) =>
  custom<T>((value, path, issues) => {
    if (!test(value)) refuse(issues, path, expected, value)
  })

export const string = primitive<string>('a string', (v) => typeof v === 'string')
// Number.isFinite is false for anything but a finite number. The tests are arrows, not `Number.isFinite` itself:
// a bundler keeps a property read of a top-level call's argument, and with it the call, in every program.
export const number = primitive<number>('a number', (v) => Number.isFinite(v))
export const int = primitive<number>('an integer', (v) => Number.isSafeInteger(v))
export const boolean = primitive<boolean>('true or false', (v) => typeof v === 'boolean')
export const unknown = custom<unknown>(() => {})

/* @__NO_SIDE_EFFECTS__ */ export const oneOf = <const V extends readonly string[]>(values: V) =>
  primitive<V[number]>(`one of ${values.join(', ')}`, (v) => values.includes(v as string))

/* @__NO_SIDE_EFFECTS__ */ export const optional = <T>(inner: Checker<T>): OptionalChecker<T> => ({
  ...inner,
  optional: true,
})

/* @__NO_SIDE_EFFECTS__ */ export const nullable = <T>(inner: Checker<T>) =>
  custom<T | null>((value, path, issues) => {
    if (value !== null) inner.check(value, path, issues)
  })

/* @__NO_SIDE_EFFECTS__ */ export const array = <T>(item: Checker<T>) =>
  custom<readonly T[]>((value, path, issues) => {
    if (!Array.isArray(value)) return refuse(issues, path, 'an array', value)
    value.forEach((v, i) => {
      path.push(i)
      item.check(v, path, issues)
      path.pop()
    })
  })

/* @__NO_SIDE_EFFECTS__ */ export const record = <T>(item: Checker<T>) =>
  custom<Readonly<Record<string, T>>>((value, path, issues) => {
    if (!isObject(value)) return refuse(issues, path, 'an object', value)
    for (const key of Object.keys(value)) {
      path.push(key)
      item.check(value[key], path, issues)
      path.pop()
    }
  })

/** An object with these fields; other fields are allowed and kept (responses may carry more). */
/* @__NO_SIDE_EFFECTS__ */ export const object = <S extends Shape>(
  shape: S,
): Checker<ObjectOf<S>> & { readonly shape: S } => ({
  shape,
  ...custom<ObjectOf<S>>((value, path, issues) => {
    if (!isObject(value)) return refuse(issues, path, 'an object', value)
    for (const key in shape) {
      const field = shape[key] as Checker<unknown> & { optional?: true }
      const child = value[key]
      if (child === undefined) {
        if (!field.optional) report(issues, path, 'expected a value, got nothing', key)
      } else {
        path.push(key)
        field.check(child, path, issues)
        path.pop()
      }
    }
  }),
})

/**
 * Any object, whatever it holds (a Name, a context, a next's body): a shape of no fields, which reads none of
 * them (`record(unknown)` listed every key of each, a page's contexts among them, to check nothing).
 */
export const anyObject = /* @__PURE__ */ object({})

/** A checker defined later (the response model is recursive). */
/* @__NO_SIDE_EFFECTS__ */ export const lazy = <T>(get: () => Checker<T>) =>
  custom<T>((value, path, issues) => get().check(value, path, issues))

export const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
