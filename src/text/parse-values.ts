import type { ListNode, NameNode, ScalarNode, StringNode, ValueNode, VariableNode } from './ast'
import { commaSeparatedUntil } from './parse-lists'
import type { TokenReader } from './reader'

/** Name : [A-Za-z_][A-Za-z0-9_]* */
export function parseName(reader: TokenReader, expected = 'a name'): NameNode {
  const token = reader.peek()
  if (token.kind !== 'name') reader.fail(expected)
  reader.advance()
  return { kind: 'Name', value: token.value, start: token.start, end: token.end }
}

/** Variable : "$" Name */
export function parseVariable(reader: TokenReader): VariableNode {
  const token = reader.peek()
  if (token.kind !== 'variable') reader.fail('a parameter ($name)')
  reader.advance()
  return { kind: 'Variable', name: token.value, start: token.start, end: token.end }
}

/** Scalar : String | Number | Name | Variable */
export function parseScalar(reader: TokenReader, expected = 'a value'): ScalarNode {
  const token = reader.peek()
  const { start, end } = token
  switch (token.kind) {
    case 'string':
      reader.advance()
      return { kind: 'String', value: token.value, start, end }
    case 'number':
      reader.advance()
      return { kind: 'Number', value: Number(token.value), raw: token.value, start, end }
    case 'name':
      reader.advance()
      return { kind: 'Name', value: token.value, start, end }
    case 'variable':
      reader.advance()
      return { kind: 'Variable', name: token.value, start, end }
    default:
      return reader.fail(expected)
  }
}

/** IdValue : String | Variable */
export function parseId(reader: TokenReader): StringNode | VariableNode {
  const token = reader.peek()
  if (token.kind === 'variable') return parseVariable(reader)
  if (token.kind !== 'string') reader.fail('an id in quotes ("mhmov-gladiator") or a parameter')
  reader.advance()
  return { kind: 'String', value: token.value, start: token.start, end: token.end }
}

/** NumberValue : Number | Variable */
export function parseNumber(reader: TokenReader, expected = 'a number or a parameter'): ScalarNode {
  const token = reader.peek()
  if (token.kind !== 'number' && token.kind !== 'variable') reader.fail(expected)
  return parseScalar(reader)
}

/** List : "[" [ Scalar { "," Scalar } ] "]" */
export function parseList(reader: TokenReader): ListNode {
  const start = reader.expectPunctuator('[').start
  // A bad token after an item is reported as "expected ']'" (not "',' or ']'"): test/text pins that message.
  const items = commaSeparatedUntil(reader, ']', parseListItem, "']'")
  return { kind: 'List', items, start, end: reader.lastEnd }
}

const parseListItem = (reader: TokenReader): ScalarNode => parseScalar(reader, "a value or ']'")

/** ListValue : List | Variable */
export function parseListOrVariable(reader: TokenReader): ListNode | VariableNode {
  if (reader.peek().kind === 'variable') return parseVariable(reader)
  if (!reader.isPunctuator('[')) reader.fail("a list ('[') or a list parameter")
  return parseList(reader)
}

/** Value : Scalar | List */
export function parseValue(reader: TokenReader): ValueNode {
  return reader.isPunctuator('[') ? parseList(reader) : parseScalar(reader)
}
