import { endpointNames } from '../model/core'
import type { EndpointName } from '../model/core'
import type {
  BlueprintNode,
  BlueprintParamNode,
  ExploreNode,
  FactorNode,
  ListNode,
  LookupNode,
  NameNode,
  OperationNode,
  OrderByNode,
  PagingNode,
  RelateNode,
  ScalarNode,
  SiloSizeNode,
  SilosNode,
  VariableNode,
  WhereNode,
  WithNode,
} from './ast'
import { noComments } from './ast'
import { oneOf } from './errors'
import { clauseKeyword, clauseWords, definitionKeywords, onOperationLine, operationClauses } from './clauses'
import type { ClauseName, ClauseRule } from './clauses'
import type { TokenReader } from './reader'
import { atSiloSize, parseOrderBy, parsePaging, parseSiloSize, parseWith } from './parse-clauses'
import { commaSeparated, commaSeparatedUntil, exactly } from './parse-lists'
import { parseWhere } from './parse-where'
import { parseId, parseListOrVariable, parseName, parseNumber, parseScalar, parseValue } from './parse-values'

// Each operation is named by its endpoint (src/model/wire.ts).
export const operationKeywords = endpointNames

/** Operation : Explore | Relate | Lookup | Silos */
export function parseOperation(reader: TokenReader): OperationNode {
  if (reader.isName('explore')) return parseExplore(reader)
  if (reader.isName('relate')) return parseRelate(reader)
  if (reader.isName('lookup')) return parseLookup(reader)
  if (reader.isName('silos')) return parseSilos(reader)
  return reader.fail(oneOf(operationKeywords))
}

// After `explore`, a name is the returnType shorthand unless it starts what may follow.
const notATypeAfterExplore = new Set([
  ...definitionKeywords,
  ...operationClauses.explore.map((rule) => clauseKeyword(rule.name)),
])

/** Explore : "explore" [ TypeName ] [ Where ] [ OrderBy ] [ With ] [ Paging ] */
function parseExplore(reader: TokenReader): ExploreNode {
  const start = reader.expectName('explore')
  const returnType =
    reader.isName() && !notATypeAfterExplore.has(reader.value()) ? parseName(reader) : undefined
  const clauses = parseClauses(reader, 'explore', start)
  return reader.owns(clauses.line, {
    kind: 'Explore',
    returnType,
    where: clauses.where,
    orderBy: clauses.orderBy,
    with: clauses.with,
    paging: clauses.paging,
    comments: noComments,
    start,
    end: reader.lastEnd,
  })
}

/** Relate : "relate" [ TypeName ] "to" Factor { "," Factor } [ Where ] [ With ] [ Paging ] */
function parseRelate(reader: TokenReader): RelateNode {
  const start = reader.expectName('relate')
  const returnType = reader.isName() && !reader.isName('to') ? parseName(reader) : undefined
  const clauses = parseClauses(reader, 'relate', start)
  return reader.owns(clauses.line, {
    kind: 'Relate',
    returnType,
    factors: clauses.factors ?? [],
    where: clauses.where,
    with: clauses.with,
    paging: clauses.paging,
    comments: noComments,
    start,
    end: reader.lastEnd,
  })
}

/** Lookup : "lookup" IdValue { "," IdValue } [ With ] [ Paging ] */
function parseLookup(reader: TokenReader): LookupNode {
  const start = reader.expectName('lookup')
  const ids: ScalarNode[] = commaSeparated(reader, parseId)
  const clauses = parseClauses(reader, 'lookup', start)
  return reader.owns(clauses.line, {
    kind: 'Lookup',
    ids,
    with: clauses.with,
    paging: clauses.paging,
    comments: noComments,
    start,
    end: reader.lastEnd,
  })
}

/** Silos : "silos" [ "for" ListValue ] [ Where ] Blueprint { Blueprint } [ With ] [ Paging ] [ SiloSize ] */
function parseSilos(reader: TokenReader): SilosNode {
  const start = reader.expectName('silos')
  const clauses = parseClauses(reader, 'silos', start)
  return reader.owns(clauses.line, {
    kind: 'Silos',
    ids: clauses.ids,
    where: clauses.where,
    blueprints: clauses.blueprints ?? [],
    with: clauses.with,
    paging: clauses.paging,
    siloSize: clauses.siloSize,
    comments: noComments,
    start,
    end: reader.lastEnd,
  })
}

/** The clauses an operation was written with, and the layout line of the operation itself. */
interface ParsedClauses {
  line: number
  factors: FactorNode[] | undefined
  ids: ListNode | VariableNode | undefined
  where: WhereNode | undefined
  orderBy: OrderByNode | undefined
  blueprints: BlueprintNode[] | undefined
  with: WithNode | undefined
  paging: PagingNode | undefined
  siloSize: SiloSizeNode | undefined
}

/**
 * Reads an operation's clauses in the order `operationClauses` declares: a required one always, an optional
 * one when its keyword is next. The operation's line ends before the first clause that starts a line.
 */
function parseClauses(reader: TokenReader, operation: EndpointName, start: number): ParsedClauses {
  const parsed: ParsedClauses = {
    line: -1,
    factors: undefined,
    ids: undefined,
    where: undefined,
    orderBy: undefined,
    blueprints: undefined,
    with: undefined,
    paging: undefined,
    siloSize: undefined,
  }
  for (const rule of operationClauses[operation]) {
    if (parsed.line < 0 && !onOperationLine.has(rule.name)) parsed.line = reader.line(start)
    if (rule.required || startsClause(reader, rule.name)) parseClause(reader, rule, parsed)
  }
  if (parsed.line < 0) parsed.line = reader.line(start)
  return parsed
}

/** Whether the next tokens begin clause `name` (`silo Explore` is a blueprint, `silo size 3` is not). */
function startsClause(reader: TokenReader, name: ClauseName): boolean {
  if (name === 'siloSize') return atSiloSize(reader)
  if (name === 'silo') return reader.isName('silo') && !atSiloSize(reader)
  return reader.isName(name)
}

function parseClause(reader: TokenReader, rule: ClauseRule, parsed: ParsedClauses): void {
  switch (rule.name) {
    case 'to':
      reader.expectName('to')
      parsed.factors = commaSeparated(reader, parseFactor)
      return
    case 'for':
      reader.expectName('for')
      parsed.ids = parseListOrVariable(reader)
      return
    case 'where':
      parsed.where = parseWhere(reader)
      return
    case 'order':
      parsed.orderBy = parseOrderBy(reader)
      return
    case 'silo': {
      const blueprints: BlueprintNode[] = []
      do blueprints.push(parseBlueprint(reader))
      while (rule.repeats && startsClause(reader, 'silo'))
      parsed.blueprints = exactly(blueprints)
      return
    }
    case 'with':
      parsed.with = parseWith(reader)
      return
    case 'page':
      parsed.paging = parsePaging(reader)
      return
    case 'siloSize':
      parsed.siloSize = parseSiloSize(reader)
  }
}

/** Factor : IdValue [ "weight" NumberValue ] [ "boost" "only" [ BooleanValue ] ] */
function parseFactor(reader: TokenReader): FactorNode {
  const id = parseId(reader)
  const weight = reader.skipName('weight')
    ? parseNumber(reader, 'a weight (a number) or a parameter')
    : undefined
  let boostOnly: ScalarNode | undefined
  if (reader.isName('boost')) {
    reader.advance()
    const onlyEnd = reader.end
    const only = reader.expectName('only')
    boostOnly =
      reader.kind() === 'variable' || reader.isName('true') || reader.isName('false')
        ? parseScalar(reader)
        : { kind: 'Name', value: 'true', start: only, end: onlyEnd }
  }
  return { kind: 'Factor', id, weight, boostOnly, start: id.start, end: reader.lastEnd }
}

/**
 * Blueprint : "silo" TypeName [ "(" [ BlueprintParam { "," BlueprintParam } ] ")" ]
 *             [ "at" ListValue ] [ "probability" NumberValue ] [ Where ]
 */
function parseBlueprint(reader: TokenReader): BlueprintNode {
  if (!reader.isName('silo')) reader.fail("a blueprint ('silo RecommendedForYou', 'silo Explore'...)")
  const start = reader.advance()
  const type = parseName(reader, 'a silo type (RecommendedForYou, Explore, BasedOnItem...)')
  let params: BlueprintParamNode[] | undefined
  if (reader.skipPunctuator('(')) params = commaSeparatedUntil(reader, ')', parseBlueprintParam)
  const positions = reader.skipName('at') ? parseListOrVariable(reader) : undefined
  const probability = reader.skipName('probability') ? parseNumber(reader) : undefined
  const line = reader.line(start)
  const where: WhereNode | undefined = reader.isName('where') ? parseWhere(reader) : undefined
  return reader.owns(line, {
    kind: 'Blueprint',
    type,
    params,
    positions,
    probability,
    where,
    comments: noComments,
    start,
    end: reader.lastEnd,
  })
}

/** BlueprintParam : Name ":" Value */
function parseBlueprintParam(reader: TokenReader): BlueprintParamNode {
  const key: NameNode = parseName(reader, 'a parameter name (name, nameGenerator, ids, id)')
  reader.expectPunctuator(':')
  const value = parseValue(reader)
  return { kind: 'BlueprintParam', key, value, start: key.start, end: reader.lastEnd }
}

/** Whether an operation has clause `name` written (a required clause always has). */
function hasClause(operation: OperationNode, name: ClauseName): boolean {
  switch (name) {
    case 'to':
      return operation.kind === 'Relate'
    case 'for':
      return operation.kind === 'Silos' && operation.ids !== undefined
    case 'where':
      return operation.kind !== 'Lookup' && operation.where !== undefined
    case 'order':
      return operation.kind === 'Explore' && operation.orderBy !== undefined
    case 'silo':
      return operation.kind === 'Silos'
    case 'with':
      return operation.with !== undefined
    case 'page':
      return operation.paging !== undefined
    case 'siloSize':
      return operation.kind === 'Silos' && operation.siloSize !== undefined
  }
}

/**
 * What may come after an operation as written, for the syntax error of a word that fits nowhere there: the
 * last clause's continuation (`,` in a list, `and` in a where), the clauses that may still follow, a new query.
 * `explore Movie where traits = "x" orderby name` expects `'and', 'order by', 'with', 'page' or a new query`.
 */
export function whatMayFollow(operation: OperationNode): {
  readonly words: readonly string[]
  readonly expected: string
} {
  const endpoint = operation.kind.toLowerCase() as EndpointName
  const rules = operationClauses[endpoint]
  let last = -1
  rules.forEach((rule, index) => {
    if (hasClause(operation, rule.name)) last = index
  })
  const lastRule = rules[last]
  const continuation: string[] = []
  if (lastRule?.name === 'where') continuation.push('and')
  if (lastRule?.name === 'silo') continuation.push('silo')
  if (lastRule !== undefined && listClauses.has(lastRule.name) && !writtenNone(operation, lastRule.name))
    continuation.push(',')
  // Lookup's ids come before its first clause: another id may follow them too.
  if (last < 0 && endpoint === 'lookup') continuation.push(',')
  const words = [...continuation, ...rules.slice(last + 1).map((rule) => clauseWords[rule.name])]
  const quoted = words.map((word) => `'${word}'`)
  return { words, expected: quoted.length > 0 ? `${quoted.join(', ')} or a new query` : 'a new query' }
}

// Clauses that hold comma-separated lists.
const listClauses = new Set<ClauseName>(['to', 'order', 'with'])

// `order by none`, `with none`: nothing to continue.
function writtenNone(operation: OperationNode, name: ClauseName): boolean {
  if (name === 'order') return operation.kind === 'Explore' && operation.orderBy?.keys.length === 0
  if (name === 'with') return operation.with?.components.length === 0
  return false
}
