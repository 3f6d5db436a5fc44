import { typeOfId } from './ids'
import type { IdOf, ObjectTypeName } from './ids'

/** The types whose objects carry an mhid of their own: every type but Subscription. */
export type IdentifiedTypeName = {
  [T in ObjectTypeName]: [IdOf<T>] extends [never] ? never : T
}[ObjectTypeName]

/**
 * The members of `O` that can be of type `Type`: a result object whose mhid is typed by prefix is kept when
 * the prefix is `Type`'s and dropped otherwise; an object whose mhid the types do not know (a `string`, or
 * `unknown` input) gets `Type`'s mhid.
 */
export type OfType<O, Type extends IdentifiedTypeName> = O extends { readonly mhid: infer Id }
  ? [Id] extends [IdOf<Type>]
    ? O
    : [IdOf<Type>] extends [Id]
      ? O & { readonly mhid: IdOf<Type> }
      : never
  : O & { readonly mhid: IdOf<Type> }

/**
 * Whether an object of a result is of the given type, told by its mhid's prefix (the model's `typeOfId`). A
 * type guard: it narrows a union result (explore without returnType, lookup of mixed ids, a collection's
 * items), and in `switch (true) { case isType(o, 'Movie'): … }` each case narrows and the default sees `never`
 * once every type is handled.
 *
 * @example
 * for (const { object } of page.content) if (isType(object, 'Movie')) object.releaseDate
 */
export function isType<O, Type extends IdentifiedTypeName>(object: O, type: Type): object is OfType<O, Type> {
  if (typeof object !== 'object' || object === null) return false
  // Read as an own property: `mhid` up the prototype chain is not the object's id.
  const mhid: unknown = Object.hasOwn(object, 'mhid') ? (object as { mhid?: unknown }).mhid : undefined
  return typeof mhid === 'string' && typeOfId(mhid) === type
}
