import { endpointNames } from '../model/core'
import type {
  BlueprintNode,
  BlueprintParamNode,
  ExploreNode,
  FactorNode,
  LookupNode,
  NameNode,
  OperationNode,
  RelateNode,
  ScalarNode,
  SilosNode,
  WhereNode,
} from './ast'
import { noComments } from './ast'
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
  return reader.fail("'explore', 'relate', 'lookup' or 'silos'")
}

// After `explore` (or `relate`), a name is the returnType shorthand unless it starts what may follow.
const notATypeAfterExplore = new Set(['where', 'order', 'with', 'page', 'query', ...operationKeywords])

/** Explore : "explore" [ TypeName ] [ Where ] [ OrderBy ] [ With ] [ Paging ] */
function parseExplore(reader: TokenReader): ExploreNode {
  const start = reader.expectName('explore')
  const returnType =
    reader.isName() && !notATypeAfterExplore.has(reader.value()) ? parseName(reader) : undefined
  const line = reader.line(start)
  const where = reader.isName('where') ? parseWhere(reader) : undefined
  const orderBy = reader.isName('order') ? parseOrderBy(reader) : undefined
  const withClause = reader.isName('with') ? parseWith(reader) : undefined
  const paging = reader.isName('page') ? parsePaging(reader) : undefined
  return reader.owns(line, {
    kind: 'Explore',
    returnType,
    where,
    orderBy,
    with: withClause,
    paging,
    comments: noComments,
    start,
    end: reader.lastEnd,
  })
}

/** Relate : "relate" [ TypeName ] "to" Factor { "," Factor } [ Where ] [ With ] [ Paging ] */
function parseRelate(reader: TokenReader): RelateNode {
  const start = reader.expectName('relate')
  const returnType = reader.isName() && !reader.isName('to') ? parseName(reader) : undefined
  reader.expectName('to')
  const factors: FactorNode[] = commaSeparated(reader, parseFactor)
  const line = reader.line(start)
  const where = reader.isName('where') ? parseWhere(reader) : undefined
  const withClause = reader.isName('with') ? parseWith(reader) : undefined
  const paging = reader.isName('page') ? parsePaging(reader) : undefined
  return reader.owns(line, {
    kind: 'Relate',
    returnType,
    factors,
    where,
    with: withClause,
    paging,
    comments: noComments,
    start,
    end: reader.lastEnd,
  })
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

/** Lookup : "lookup" IdValue { "," IdValue } [ With ] [ Paging ] */
function parseLookup(reader: TokenReader): LookupNode {
  const start = reader.expectName('lookup')
  const ids: ScalarNode[] = commaSeparated(reader, parseId)
  const line = reader.line(start)
  const withClause = reader.isName('with') ? parseWith(reader) : undefined
  const paging = reader.isName('page') ? parsePaging(reader) : undefined
  return reader.owns(line, {
    kind: 'Lookup',
    ids,
    with: withClause,
    paging,
    comments: noComments,
    start,
    end: reader.lastEnd,
  })
}

/** Silos : "silos" [ "for" ListValue ] [ Where ] Blueprint { Blueprint } [ With ] [ Paging ] [ SiloSize ] */
function parseSilos(reader: TokenReader): SilosNode {
  const start = reader.expectName('silos')
  const ids = reader.skipName('for') ? parseListOrVariable(reader) : undefined
  const line = reader.line(start)
  const where = reader.isName('where') ? parseWhere(reader) : undefined
  const blueprints: BlueprintNode[] = []
  do blueprints.push(parseBlueprint(reader))
  while (reader.isName('silo') && !atSiloSize(reader))
  const withClause = reader.isName('with') ? parseWith(reader) : undefined
  const paging = reader.isName('page') ? parsePaging(reader) : undefined
  const siloSize = atSiloSize(reader) ? parseSiloSize(reader) : undefined
  return reader.owns(line, {
    kind: 'Silos',
    ids,
    where,
    blueprints: exactly(blueprints),
    with: withClause,
    paging,
    siloSize,
    comments: noComments,
    start,
    end: reader.lastEnd,
  })
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
