// The HQL text language: lexer, parser, printer, and resolution to the model's queries. No Node imports.
export { parseQuery, printQuery } from './query-text'
export type { ParseQueryOptions, PrintQueryOptions } from './query-text'
export { parseDocument, parseDocumentCollecting } from './parser'
export type { ParsedDocument } from './parser'
export { printDocument, printDefinition, printFragment, printValue } from './printer'
export { Lowering } from './lower'
export { resolveDefinition } from './resolve'
export type { ResolveOptions, Resolved } from './resolve'
export { operationFromBody } from './from-body'
export { HqlTextError, HqlSyntaxError } from './errors'
export type { TextProblem } from './errors'
export { printLocation } from './print-location'
export { makeSource, lineColumnAt } from './source'
export type { TextSource, LineColumn } from './source'
export { lex } from './lexer'
export { clauseKeyword, clauseWords, definitionKeywords, operationClauses, valueKeywords } from './clauses'
export type { ClauseName, ClauseRule } from './clauses'
export { filterOperators } from './parse-where'
export type { Lexed } from './lexer'
export type { Token, TokenKind, Comment } from './token'
export {
  paramTypeNames,
  checkArgument,
  placeholder,
  argumentFromString,
  fits as paramTypeFits,
} from './param-types'
export type { ParamType, ParamTypeName } from './param-types'
export type * from './ast'
export { symbolicBody, symbolicComponents, isParamSlot, isFragmentSlot } from './symbolic'
export type { ParamSlot, ParamSpread, FragmentSlot } from './symbolic'
export { checkDocument } from './check-document'
export { fragmentsOf, withGivenFragments, checkFragments, misappliedSpreads } from './fragments'
export type { Fragments, GivenFragments } from './fragments'
export type { CheckedDefinition, DocumentCheck } from './check-document'
