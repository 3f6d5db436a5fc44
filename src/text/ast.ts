// The syntax tree of HQL text. Every node keeps its source range; the nodes a printer puts on a line of their
// own (definition heads, clauses, conditions, blueprints) carry the comments attached to that line.
// Values stay as written: a `$name` is a Variable node until `resolve` substitutes it, so printing a tree
// never substitutes parameters.

/** A range of offsets into the source, [start, end). Synthesized nodes (from JSON) have -1. */
export interface Loc {
  readonly start: number
  readonly end: number
}

/** Comments on a line: own-line comments above it, and one comment at its end. */
export interface Comments {
  leading: string[]
  trailing: string | undefined
}

interface Line {
  readonly comments: Comments
}

export interface NameNode {
  readonly kind: 'Name'
  readonly value: string
  readonly loc: Loc
}
export interface VariableNode {
  readonly kind: 'Variable'
  readonly name: string
  readonly loc: Loc
}
export interface StringNode {
  readonly kind: 'String'
  readonly value: string
  readonly loc: Loc
}
export interface NumberNode {
  readonly kind: 'Number'
  readonly value: number
  /** The text as written; printed when the value is not finite (`1e400`), so the text still reads back. */
  readonly raw: string
  readonly loc: Loc
}
export interface ListNode {
  readonly kind: 'List'
  readonly items: readonly ValueNode[]
  readonly loc: Loc
}
/** Type names and `true`/`false` are names; ids and titles are strings. */
export type ScalarNode = NameNode | VariableNode | StringNode | NumberNode
export type ValueNode = ScalarNode | ListNode

export interface DocumentNode {
  readonly kind: 'Document'
  readonly definitions: readonly QueryDefinitionNode[]
  /** Comments after the last query. */
  readonly comments: Comments
}

/** `query name($p: Type = default) <operation>`; the name and parameters are optional for a lone query. */
export interface QueryDefinitionNode extends Line {
  readonly kind: 'QueryDefinition'
  readonly name: NameNode | undefined
  readonly params: readonly ParamNode[]
  readonly operation: OperationNode
  readonly loc: Loc
}

export interface ParamNode {
  readonly kind: 'Param'
  readonly variable: VariableNode
  readonly type: TypeNode
  readonly defaultValue: ValueNode | undefined
  readonly loc: Loc
}

/** `ContributorId` or `[TraitId]`. */
export interface TypeNode {
  readonly kind: 'Type'
  readonly name: NameNode
  readonly list: boolean
  readonly loc: Loc
}

export type OperationNode = ExploreNode | RelateNode | LookupNode | SilosNode

interface Clauses {
  readonly with: WithNode | undefined
  readonly paging: PagingNode | undefined
}

export interface ExploreNode extends Line, Clauses {
  readonly kind: 'Explore'
  /** `explore Movie`: shorthand for `where returnType = Movie`. */
  readonly returnType: NameNode | undefined
  readonly where: WhereNode | undefined
  readonly orderBy: OrderByNode | undefined
  readonly loc: Loc
}

export interface RelateNode extends Line, Clauses {
  readonly kind: 'Relate'
  readonly returnType: NameNode | undefined
  readonly factors: readonly FactorNode[]
  readonly where: WhereNode | undefined
  readonly loc: Loc
}

export interface LookupNode extends Line, Clauses {
  readonly kind: 'Lookup'
  readonly ids: readonly ScalarNode[]
  readonly loc: Loc
}

export interface SilosNode extends Line, Clauses {
  readonly kind: 'Silos'
  /** `for [...]`: the seed ids, a list or a list parameter. */
  readonly ids: ValueNode | undefined
  readonly where: WhereNode | undefined
  readonly blueprints: readonly BlueprintNode[]
  readonly siloSize: SiloSizeNode | undefined
  readonly loc: Loc
}

/** `"mhmov-x" weight 0.5 boost only`. A bare `boost only` is the name `true`. */
export interface FactorNode {
  readonly kind: 'Factor'
  readonly id: ScalarNode
  readonly weight: ScalarNode | undefined
  readonly boostOnly: ScalarNode | undefined
  readonly loc: Loc
}

/** `where a = x and b in [...]`; no conditions is `where none` (an empty filters object). */
export interface WhereNode extends Line {
  readonly kind: 'Where'
  readonly conditions: readonly ConditionNode[]
  readonly loc: Loc
}

export type FilterOperator = '=' | '!=' | 'in' | 'contains all'

export interface FilterNode extends Line {
  readonly kind: 'Filter'
  readonly filter: NameNode
  readonly operator: FilterOperator
  readonly value: ValueNode
  readonly loc: Loc
}

/** `(a = x or a contains all [...])`: the `$or` of one filter's operators. */
export interface AnyOfNode extends Line {
  readonly kind: 'AnyOf'
  readonly branches: readonly ConditionNode[]
  readonly loc: Loc
}

export type ConditionNode = FilterNode | AnyOfNode

/** `order by releaseDate desc, name`; no keys is `order by none`. */
export interface OrderByNode extends Line {
  readonly kind: 'OrderBy'
  readonly keys: readonly SortKeyNode[]
  readonly loc: Loc
}

/** `releaseDate desc`, `popularity`, `idsOrder ["a", "b"]`. */
export interface SortKeyNode {
  readonly kind: 'SortKey'
  readonly key: NameNode
  readonly ids: ValueNode | undefined
  readonly order: NameNode | undefined
  readonly loc: Loc
}

/** `with primaryImage, keyContributors size 5 { primaryImage }`; no components is `with none`. */
export interface WithNode extends Line {
  readonly kind: 'With'
  readonly components: readonly ComponentNode[]
  readonly loc: Loc
}

export interface ComponentNode {
  readonly kind: 'Component'
  readonly name: NameNode
  readonly size: ScalarNode | undefined
  /** `at page 2`: the page of a list component, as the service's continuation of that list asks for it. */
  readonly page: ScalarNode | undefined
  /** `{ ... }`, possibly empty; undefined when there are no braces. */
  readonly components: readonly ComponentNode[] | undefined
  readonly loc: Loc
}

/** `page 2 size 10`, `page 2`, `page size 10`. */
export interface PagingNode extends Line {
  readonly kind: 'Paging'
  readonly page: ScalarNode | undefined
  readonly size: ScalarNode | undefined
  readonly loc: Loc
}

/** `silo size 20`: titles per silo. */
export interface SiloSizeNode extends Line {
  readonly kind: 'SiloSize'
  readonly size: ScalarNode
  readonly loc: Loc
}

/** `silo BasedOnItem(nameGenerator: "Because you liked $1") at [0] where ...`. */
export interface BlueprintNode extends Line {
  readonly kind: 'Blueprint'
  readonly type: NameNode
  /** `(...)`, possibly empty; undefined when there are no parentheses. */
  readonly params: readonly BlueprintParamNode[] | undefined
  readonly positions: ValueNode | undefined
  readonly probability: ScalarNode | undefined
  readonly where: WhereNode | undefined
  readonly loc: Loc
}

export interface BlueprintParamNode {
  readonly kind: 'BlueprintParam'
  readonly key: NameNode
  readonly value: ValueNode
  readonly loc: Loc
}

export const noComments = (): Comments => ({ leading: [], trailing: undefined })
