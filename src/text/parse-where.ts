import type { ConditionNode, FilterNode, FilterOperator, WhereNode } from './ast'
import { noComments } from './ast'
import { oneOf } from './errors'
import type { TokenReader } from './reader'
import { exactly } from './parse-lists'
import { parseListOrVariable, parseName, parseScalar } from './parse-values'

/**
 * Where : "where" ( "none" | Condition { "and" Condition } )
 *
 * The `where` keyword and the first condition make one line of the layout; each `and` starts another.
 */
export function parseWhere(reader: TokenReader): WhereNode {
  const start = reader.expectName('where')
  const conditions: ConditionNode[] = []
  if (reader.isName('none') && !startsOperator(reader, 1)) reader.advance()
  else conditions.push(parseCondition(reader))
  const line = reader.line(start)
  while (conditions.length > 0 && reader.isName('and')) {
    const and = reader.advance()
    const condition = parseCondition(reader)
    conditions.push(reader.owns(reader.line(and), condition))
  }
  return reader.owns(line, {
    kind: 'Where',
    conditions: exactly(conditions),
    comments: noComments,
    start,
    end: reader.lastEnd,
  })
}

/** A filter named `none` stays possible: `where none = ...` is a condition, `where none` is empty. */
function startsOperator(reader: TokenReader, ahead: number): boolean {
  return (
    reader.isPunctuator('=', ahead) ||
    reader.isPunctuator('!=', ahead) ||
    reader.isName('in', ahead) ||
    reader.isName('contains', ahead)
  )
}

/**
 * Condition : Filter | "(" Condition { "or" Condition } ")"
 *
 * A parenthesized group is the `$or` of its branches, which must all name the same filter. Outside
 * parentheses `or` is refused, so `a and b or c` never needs a precedence rule.
 */
export function parseCondition(reader: TokenReader): ConditionNode {
  const condition = parseBranch(reader)
  if (reader.isName('or')) reader.fail("'and', or parentheses around conditions joined by 'or'")
  return condition
}

function parseBranch(reader: TokenReader): ConditionNode {
  return reader.isPunctuator('(') ? reader.nested(() => parseAnyOf(reader)) : parseFilter(reader)
}

/** Filter : Name ( ( "=" | "!=" ) Scalar | ( "in" | "contains" "all" ) ListValue ) */
function parseFilter(reader: TokenReader): FilterNode {
  const start = reader.start
  if (reader.kind() !== 'name' || reader.atDefinition())
    reader.fail("a filter name (returnType, contributors, traits...) or '('")
  const filter = parseName(reader)
  const operator = parseOperator(reader)
  const value =
    operator === '=' || operator === '!='
      ? parseScalar(reader, 'a value (a type name, an id in quotes, or a parameter)')
      : parseListOrVariable(reader)
  return {
    kind: 'Filter',
    filter,
    operator,
    value,
    comments: noComments,
    start,
    end: reader.lastEnd,
  }
}

/** The filter operators, in the order a syntax error and completion list them. */
export const filterOperators = ['=', '!=', 'in', 'contains all'] as const satisfies readonly FilterOperator[]

/** Operator : "=" | "!=" | "in" | "contains" "all" */
function parseOperator(reader: TokenReader): FilterOperator {
  if (reader.skipPunctuator('=')) return '='
  if (reader.skipPunctuator('!=')) return '!='
  if (reader.skipName('in')) return 'in'
  if (reader.skipName('contains')) {
    reader.expectName('all')
    return 'contains all'
  }
  return reader.fail(`an operator: ${oneOf(filterOperators)}`)
}

/** AnyOf : "(" Condition { "or" Condition } ")" */
function parseAnyOf(reader: TokenReader): ConditionNode {
  const start = reader.expectPunctuator('(')
  const branches: ConditionNode[] = [parseBranch(reader)]
  while (reader.skipName('or')) branches.push(parseBranch(reader))
  if (!reader.isPunctuator(')')) reader.fail("'or' or ')'")
  reader.advance()
  return { kind: 'AnyOf', branches: exactly(branches), comments: noComments, start, end: reader.lastEnd }
}
