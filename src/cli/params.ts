import { HqlError } from '../model'
import { argumentFromString, parseDocument } from '../text'
import type { ParamType, ParamTypeName, QueryDefinitionNode } from '../text'

/** `--param name=value`, repeatable: collects into a list for commander. */
export const collect = (value: string, previous: readonly string[] = []): string[] => [...previous, value]

/**
 * Turns `name=value` strings into the values of a query's parameters, using the declared types: numbers and
 * booleans are converted, lists are JSON (`["a","b"]`) or comma-separated.
 */
export function paramsFromArgs(
  definition: QueryDefinitionNode,
  args: readonly string[],
): Record<string, unknown> {
  // Collected in a Map and made an object with own keys only: `--param __proto__=...` reaches no setter.
  const out = new Map<string, unknown>()
  const given = new Map<string, string>()
  for (const arg of args) {
    const equals = arg.indexOf('=')
    if (equals <= 0) throw new HqlError('usage', `--param expects name=value, got '${arg}'`)
    const name = arg.slice(0, equals).replace(/^\$/, '')
    // Twice is a mistake to name: the last one was kept and the first dropped without a word.
    const before = given.get(name)
    if (before !== undefined)
      throw new HqlError('usage', `--param $${name} is given twice (${before}, ${arg}); give it once`)
    given.set(name, arg)
    const param = definition.params.find((p) => p.variable.name === name)
    const type: ParamType = param
      ? { name: param.type.name.value as ParamTypeName, list: param.type.list }
      : { name: 'String', list: false }
    out.set(name, argumentFromString(type, arg.slice(equals + 1)))
  }
  return Object.fromEntries(out)
}

/**
 * A number option's value, written in decimal digits only; undefined for anything else (`Number` reads '' and
 * ' ' as 0, '0x1F90' as 8080, '1e3' as 1000).
 *
 * @example
 * decimalOption('8080') // 8080
 * decimalOption('0x1F90') // undefined
 */
export function decimalOption(text: string): number | undefined {
  return /^[0-9]{1,15}$/.test(text) ? Number(text) : undefined
}

/** The definition `--query` names, or the only one; undefined lets parseQuery report what is wrong. */
export function findDefinition(text: string, source: string, name: string | undefined) {
  const definitions = parseDocument(text, source).definitions
  return name === undefined
    ? definitions.length === 1
      ? definitions[0]
      : undefined
    : definitions.find((d) => d.name?.value === name)
}
