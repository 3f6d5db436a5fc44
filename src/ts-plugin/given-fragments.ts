// The fragments an hqlText call is given (`hqlText(text, { movieCard })`), read from the type of its second
// argument as the checker has it: each property's name, and the object type its fragment is for (the first type
// argument of its parts, the builder's `FragmentPart<T, …>`). Types only from TypeScript: the plugin is handed
// tsserver's own `typescript` at run time.
import type * as ts from 'typescript'
import type { GivenFragment } from '../language'
import type { HqlString } from './strings'

/**
 * The fragments given to the call whose first argument is `found`, or undefined when it is given none.
 *
 * @example
 * givenFragments(ts, program, found) // [{ name: 'movieCard', on: 'Movie' }] for hqlText('…', { movieCard })
 */
export function givenFragments(
  typescript: typeof ts,
  program: ts.Program,
  found: HqlString,
): GivenFragment[] | undefined {
  const call = found.node.parent
  if (!typescript.isCallExpression(call) || call.arguments[0] !== found.node) return undefined
  const argument = call.arguments[1]
  if (argument === undefined) return undefined
  const checker = program.getTypeChecker()
  return checker.getPropertiesOfType(checker.getTypeAtLocation(argument)).map((property) => ({
    name: property.getName(),
    on: typeOfFragment(checker, checker.getTypeOfSymbolAtLocation(property, argument)),
  }))
}

// The object type of a fragment's parts, when they all name one: `Fragment<'Movie', …>` is a tuple of them.
function typeOfFragment(checker: ts.TypeChecker, fragment: ts.Type): GivenFragment['on'] {
  if (!checker.isTupleType(fragment)) return undefined
  const names = new Set<string>()
  for (const part of checker.getTypeArguments(fragment as ts.TypeReference)) {
    const [on] = checker.getTypeArguments(part as ts.TypeReference)
    if (on === undefined || !on.isStringLiteral()) return undefined
    names.add(on.value)
  }
  const [only] = names
  return names.size === 1 ? (only as GivenFragment['on']) : undefined
}
