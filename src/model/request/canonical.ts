import type { Rule } from './rule'

// The canonical copy of a body part, apart from its check (rule.ts). A rule's check only says whether a value
// is what the rule requires; a query keeps a value its door made as it is (the builder's helpers make theirs
// canonical and frozen), and a copy only of what it does not own: JSON from outside (fromJSON), a caller's
// objects (relate's factors, a silo helper's options, idsOrder's ids). This walk reads the same declarations as
// the check, after it: a value it is given has passed its rule, so its shape is known and its size bounded (the
// check refuses a body past the request limits). Kept apart so that a program that never copies (the builder
// of an explore query and compile) carries no copying code.

/**
 * `value`, which `rule` has accepted, as a part a query may keep: a fresh copy in canonical key order (the
 * order of the rule's fields), frozen at every level, without the fields that are `undefined`. With `owned` (a
 * body its door made and froze, text's), the value itself wherever it is canonical already.
 *
 * @example
 * canonical(FactorRule, { weight: 2, id: 'mhmov-a' }) // { id: 'mhmov-a', weight: 2 }, frozen
 */
export function canonical<T>(rule: Rule<T>, value: T, owned = false): T {
  return copierOf(rule as Rule)(value, owned) as T
}

/** A copier of the values of one rule; `owned`: keep what is canonical already. */
type Copier = (value: unknown, owned: boolean) => unknown

// Each rule's copier is made from its declaration once, on first use, and kept: a copy then runs closures made
// for their rule, as a check does, rather than reading each rule's kind again (fromJSON copies every body).
const copiers = new WeakMap<Rule, Copier>()

const leaf: Copier = (value) => value

function copierOf(rule: Rule): Copier {
  let copier = copiers.get(rule)
  if (!copier) copiers.set(rule, (copier = made(rule)))
  return copier
}

function made(rule: Rule): Copier {
  switch (rule.kind) {
    case 'list':
      return listOf(rule.item)
    case 'object': {
      const keys = Object.keys(rule.fields)
      const fields = keys.map((key) => rule.fields[key] as Rule)
      let copies: Copier[] | undefined
      return (value, owned) => {
        // Made on first use: a field's rule may be declared later (a component's nested components).
        copies ??= fields.map(copierOf)
        const given = value as Readonly<Record<string, unknown>>
        const out: Record<string, unknown> = {}
        let kept = owned && Object.getPrototypeOf(given) === Object.prototype
        for (let index = 0; index < keys.length; index++) {
          const key = keys[index] as string
          const field = given[key]
          if (field !== undefined && (out[key] = (copies[index] as Copier)(field, owned)) !== field)
            kept = false
        }
        // Kept only with the same keys in the same order: one out of order, or undefined, is copied away.
        if (kept) {
          const written = Object.keys(out)
          let index = 0
          for (const key in given) if (written[index++] !== key) kept = false
        }
        return kept ? value : Object.freeze(out)
      }
    }
    case 'operator': {
      const one = copierOf(rule.value)
      const values = listOf(rule.value)
      const branches = listOf(rule)
      return (value, owned) => {
        // The rule took exactly one operator.
        const given = value as Readonly<Record<string, unknown>>
        let key = ''
        for (key in given) break
        const operand = given[key]
        const out = (key == '$eq' || key == '$ne' ? one : key == '$or' ? branches : values)(operand, owned)
        return owned && out === operand ? value : Object.freeze({ [key]: out })
      }
    }
    case 'byType': {
      const options = rule.options
      const copies: Record<string, Copier> = {}
      return (value, owned) => {
        const type = (value as { type: string }).type
        return (copies[type] ??= copierOf(options[type] as Rule))(value, owned)
      }
    }
    case 'lazy': {
      const later = rule.rule
      let copy: Copier | undefined
      return (value, owned) => (copy ??= copierOf(later()))(value, owned)
    }
    default:
      // A leaf: a string, a number or a flag.
      return leaf
  }
}

function listOf(item: Rule): Copier {
  let copy: Copier | undefined
  return (value, owned) => {
    copy ??= copierOf(item)
    const list = value as readonly unknown[]
    let kept = owned
    const out: unknown[] = new Array(list.length)
    for (let index = 0; index < list.length; index++)
      if ((out[index] = (copy as Copier)(list[index], owned)) !== list[index]) kept = false
    return kept ? list : Object.freeze(out)
  }
}
