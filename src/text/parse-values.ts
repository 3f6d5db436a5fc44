import type { ListNode, NameNode, ScalarNode, StringNode, ValueNode, VariableNode } from './ast'
import { commaSeparatedUntil } from './parse-lists'
import type { TokenReader } from './reader'

// Each reads the next token's fields before consuming it: the reader holds no token object to keep. A name
// never swallows `query` or an operation keyword that starts a line: that is the next definition.

/** Name : [A-Za-z_][A-Za-z0-9_]* */
export function parseName(reader: TokenReader, expected = 'a name'): NameNode {
  if (reader.kind() !== 'name' || reader.atDefinition()) reader.fail(expected)
  const value = reader.value()
  const end = reader.end
  return { kind: 'Name', value, start: reader.advance(), end }
}

/** Variable : "$" Name */
export function parseVariable(reader: TokenReader): VariableNode {
  if (reader.kind() !== 'variable') reader.fail('a parameter ($name)')
  const name = reader.value()
  const end = reader.end
  return { kind: 'Variable', name, start: reader.advance(), end }
}

/** Scalar : String | Number | Name | Variable */
export function parseScalar(reader: TokenReader, expected = 'a value'): ScalarNode {
  const value = reader.value()
  const end = reader.end
  switch (reader.kind()) {
    case 'string':
      return { kind: 'String', value, start: reader.advance(), end }
    case 'number':
      return { kind: 'Number', value: Number(value), raw: value, start: reader.advance(), end }
    case 'name':
      if (reader.atDefinition()) return reader.fail(expected)
      return { kind: 'Name', value, start: reader.advance(), end }
    case 'variable':
      return { kind: 'Variable', name: value, start: reader.advance(), end }
    default:
      return reader.fail(expected)
  }
}

/** IdValue : String | Variable */
export function parseId(reader: TokenReader): StringNode | VariableNode {
  const kind = reader.kind()
  if (kind === 'variable') return parseVariable(reader)
  if (kind !== 'string') reader.fail('an id in quotes ("mhmov-gladiator") or a parameter')
  const value = reader.value()
  const end = reader.end
  return { kind: 'String', value, start: reader.advance(), end }
}

/** NumberValue : Number | Variable */
export function parseNumber(reader: TokenReader, expected = 'a number or a parameter'): ScalarNode {
  const kind = reader.kind()
  if (kind !== 'number' && kind !== 'variable') reader.fail(expected)
  return parseScalar(reader)
}

/** List : "[" [ Scalar { "," Scalar } ] "]" */
export function parseList(reader: TokenReader): ListNode {
  const start = reader.expectPunctuator('[')
  // A bad token after an item is reported as "expected ']'" (not "',' or ']'"): test/text pins that message.
  const items = commaSeparatedUntil(reader, ']', parseListItem, "']'")
  return { kind: 'List', items, start, end: reader.lastEnd }
}

const parseListItem = (reader: TokenReader): ScalarNode => parseScalar(reader, "a value or ']'")

/** ListValue : List | Variable */
export function parseListOrVariable(reader: TokenReader): ListNode | VariableNode {
  if (reader.kind() === 'variable') return parseVariable(reader)
  if (!reader.isPunctuator('[')) reader.fail("a list ('[') or a list parameter")
  return parseList(reader)
}

/** Value : Scalar | List */
export function parseValue(reader: TokenReader): ValueNode {
  return reader.isPunctuator('[') ? parseList(reader) : parseScalar(reader)
}
