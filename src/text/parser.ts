import type {
  ComponentItemNode,
  DocumentNode,
  FragmentDefinitionNode,
  ParamNode,
  QueryDefinitionNode,
  TypeNode,
} from './ast'
import { noComments } from './ast'
import { expectArgument } from './arguments'
import { attachComments } from './comments'
import { HqlSyntaxError, maxErrorsPerText, oneOf } from './errors'
import { Scanner } from './lexer'
import { TokenReader } from './reader'
import { makeSource } from './source'
import { commaSeparated, commaSeparatedUntil } from './parse-lists'
import { parseComponentItem } from './parse-clauses'
import { definitionKeywords } from './clauses'
import { operationKeywords, parseOperation, whatMayFollow } from './parse-operations'
import { didYouMean } from '../model/suggest'
import { parseName, parseValue, parseVariable } from './parse-values'

/**
 * A document and every syntax error found in it (parsing resumes at the next line that starts a definition,
 * `query` or an operation, after an error).
 */
export interface ParsedDocument {
  readonly document: DocumentNode
  readonly errors: readonly HqlSyntaxError[]
}

/**
 * Parses HQL text into its syntax tree, throwing the first syntax error. Only the grammar is checked here:
 * names of filters, components and types are checked when the query is resolved.
 *
 * @example
 * const document = parseDocument('query popular explore Movie order by popularity desc', 'movies.hql')
 */
export function parseDocument(text: string, sourceName?: string): DocumentNode {
  const { document, errors } = parseDocumentCollecting(text, sourceName)
  const [first] = errors
  if (first) throw first
  return document
}

/** Parses HQL text into its syntax tree, collecting the syntax errors instead of throwing. */
export function parseDocumentCollecting(text: string, sourceName?: string): ParsedDocument {
  expectArgument(typeof text === 'string', text, 'parseDocument expects its text as a string')
  expectArgument(
    sourceName === undefined || typeof sourceName === 'string',
    sourceName,
    'parseDocument expects sourceName as a string',
    ['sourceName'],
  )
  const source = makeSource(text, sourceName)
  const scanner = new Scanner(text)
  const reader = new TokenReader(source, scanner)
  const errors: HqlSyntaxError[] = []
  const fragments: FragmentDefinitionNode[] = []
  const definitions = parseDefinitions(reader, errors, fragments)
  // After too many errors parsing stops; the comments after that point are still kept.
  reader.finish()
  const document: DocumentNode = {
    kind: 'Document',
    definitions,
    fragments: fragments.length > 0 ? fragments : noFragments,
    comments: noComments,
  }
  attachComments(text, scanner.comments, reader.lines, document)
  return { document, errors }
}

// A query without parameters shares one empty list, as a document without fragments does.
const noParams: readonly ParamNode[] = Object.freeze([])
const noFragments: readonly FragmentDefinitionNode[] = Object.freeze([])

/**
 * Document : ( Definition | Fragment ) { Definition | Fragment }
 *
 * The queries are returned, the fragments pushed to `fragments`.
 */
function parseDefinitions(
  reader: TokenReader,
  errors: HqlSyntaxError[],
  fragments: FragmentDefinitionNode[],
): QueryDefinitionNode[] {
  const definitions: QueryDefinitionNode[] = []
  do {
    const start = reader.start
    try {
      if (reader.isName('fragment')) {
        fragments.push(parseFragment(reader))
        if (reader.kind() !== 'end' && !definitionKeywords.some((keyword) => reader.isName(keyword)))
          reader.fail(oneOf(definitionKeywords))
        continue
      }
      const definition = parseDefinition(reader)
      definitions.push(definition)
      // What follows a query is the next query: anything else fits nowhere, and the error says what might have
      // come there instead (the clauses still open to this query), not only which words start a query.
      if (reader.kind() !== 'end' && !definitionKeywords.some((keyword) => reader.isName(keyword))) {
        const { words, expected } = whatMayFollow(definition.operation)
        reader.fail(expected, reader.kind() === 'name' ? didYouMean(reader.value(), words) : '')
      }
    } catch (error) {
      if (!(error instanceof HqlSyntaxError)) throw error
      errors.push(error)
      if (errors.length >= maxErrorsPerText) break
      reader.recover(start)
    }
  } while (reader.kind() !== 'end')
  return definitions
}

/**
 * Fragment : "fragment" FragmentName "on" TypeName "{" ComponentItem { "," ComponentItem } "}"
 *
 * Whether the type and the components exist, and the components apply to the type, is checked when the document
 * is checked (check-document.ts), as a query's names are when it is resolved.
 */
function parseFragment(reader: TokenReader): FragmentDefinitionNode {
  const start = reader.expectName('fragment')
  const name = parseName(reader, 'a fragment name')
  reader.expectName('on')
  const on = parseName(reader, 'the type the fragment is for (Movie, Contributor...)')
  const line = reader.line(start)
  reader.expectPunctuator('{')
  const components: ComponentItemNode[] = reader.nested(() => commaSeparated(reader, parseComponentItem))
  if (!reader.isPunctuator('}')) reader.fail("',' or '}'")
  reader.advance()
  return reader.owns(line, {
    kind: 'FragmentDefinition',
    name,
    on,
    components,
    comments: noComments,
    start,
    end: reader.lastEnd,
  })
}

/** Definition : [ "query" Name [ Params ] ] Operation */
function parseDefinition(reader: TokenReader): QueryDefinitionNode {
  const start = reader.start
  if (!reader.isName('query')) {
    if (!operationKeywords.some((keyword) => reader.isName(keyword))) reader.fail(oneOf(definitionKeywords))
    const operation = parseOperation(reader)
    return {
      kind: 'QueryDefinition',
      name: undefined,
      params: noParams,
      operation,
      comments: noComments,
      start,
      end: reader.lastEnd,
    }
  }
  reader.advance()
  const name = parseName(reader, 'a query name')
  const params = reader.isPunctuator('(') ? parseParams(reader) : noParams
  const line = reader.line(start)
  const operation = parseOperation(reader)
  return reader.owns(line, {
    kind: 'QueryDefinition',
    name,
    params,
    operation,
    comments: noComments,
    start,
    end: reader.lastEnd,
  })
}

/** Params : "(" [ Param { "," Param } ] ")" */
function parseParams(reader: TokenReader): ParamNode[] {
  reader.expectPunctuator('(')
  return commaSeparatedUntil(reader, ')', parseParam)
}

/** Param : Variable ":" Type [ "=" Value ] */
function parseParam(reader: TokenReader): ParamNode {
  const variable = parseVariable(reader)
  reader.expectPunctuator(':')
  const type = parseType(reader)
  const defaultValue = reader.skipPunctuator('=') ? parseValue(reader) : undefined
  return { kind: 'Param', variable, type, defaultValue, start: variable.start, end: reader.lastEnd }
}

/** Type : Name | "[" Name "]" */
function parseType(reader: TokenReader): TypeNode {
  const start = reader.start
  const list = reader.skipPunctuator('[')
  const name = parseName(reader, 'a parameter type (String, Int, Float, Boolean, ContributorId...)')
  if (list) reader.expectPunctuator(']')
  return { kind: 'Type', name, list, start, end: reader.lastEnd }
}
