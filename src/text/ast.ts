// The syntax tree of HQL text. Every node keeps its source range as two offsets of its own (`start`, `end`),
// not a range object, and a line without comments shares one empty `Comments`: a large text's tree survives
// the young generation's collections, which copy every object in it, so each object per node costs time that
// grows with the text (docs/performance.md, "Parse speed"). Lines and columns are computed from an offset
// when an error or a tool asks (`lineColumnAt`). The nodes a printer puts on a line of their own (definition
// heads, clauses, conditions, blueprints) carry the comments attached to that line.
// Values stay as written: a `$name` is a Variable node until `resolve` substitutes it, so printing a tree
// never substitutes parameters.

/** A range of offsets into the source, [start, end), which every node has. Synthesized nodes (from JSON) have -1. */
export interface Loc {
  readonly start: number
  readonly end: number
}

/** Comments on a line: own-line comments above it, and one comment at its end. */
export interface Comments {
  readonly leading: readonly string[]
  readonly trailing: string | undefined
}

interface Line {
  readonly comments: Comments
}

export interface NameNode extends Loc {
  readonly kind: 'Name'
  readonly value: string
}
export interface VariableNode extends Loc {
  readonly kind: 'Variable'
  readonly name: string
}
export interface StringNode extends Loc {
  readonly kind: 'String'
  readonly value: string
}
export interface NumberNode extends Loc {
  readonly kind: 'Number'
  readonly value: number
  /** The text as written; printed when the value is not finite (`1e400`), so the text still reads back. */
  readonly raw: string
}
export interface ListNode extends Loc {
  readonly kind: 'List'
  readonly items: readonly ValueNode[]
}
/** Type names and `true`/`false` are names; ids and titles are strings. */
export type ScalarNode = NameNode | VariableNode | StringNode | NumberNode
export type ValueNode = ScalarNode | ListNode

export interface DocumentNode {
  readonly kind: 'Document'
  readonly definitions: readonly QueryDefinitionNode[]
  /**
   * The fragments the queries spread (`fragment name on Type { ... }`), apart from the queries: what takes a
   * query takes `definitions` as it did. In source order; a document without any shares one empty list.
   */
  readonly fragments: readonly FragmentDefinitionNode[]
  /** Comments after the last query. */
  readonly comments: Comments
}

/** `query name($p: Type = default) <operation>`; the name and parameters are optional for a lone query. */
export interface QueryDefinitionNode extends Loc, Line {
  readonly kind: 'QueryDefinition'
  readonly name: NameNode | undefined
  readonly params: readonly ParamNode[]
  readonly operation: OperationNode
}

/**
 * `fragment movieCard on Movie { primaryImage, keyContributors { primaryImage } }`: a named set of components for
 * one object type, which `...movieCard` spreads where components are taken.
 */
export interface FragmentDefinitionNode extends Loc, Line {
  readonly kind: 'FragmentDefinition'
  readonly name: NameNode
  /** The object type the components are for (`on Movie`). */
  readonly on: NameNode
  readonly components: readonly ComponentItemNode[]
}

export interface ParamNode extends Loc {
  readonly kind: 'Param'
  readonly variable: VariableNode
  readonly type: TypeNode
  readonly defaultValue: ValueNode | undefined
}

/** `ContributorId` or `[TraitId]`. */
export interface TypeNode extends Loc {
  readonly kind: 'Type'
  readonly name: NameNode
  readonly list: boolean
}

export type OperationNode = ExploreNode | RelateNode | LookupNode | SilosNode

interface Clauses {
  readonly with: WithNode | undefined
  readonly paging: PagingNode | undefined
}

export interface ExploreNode extends Loc, Line, Clauses {
  readonly kind: 'Explore'
  /** `explore Movie`: shorthand for `where returnType = Movie`. */
  readonly returnType: NameNode | undefined
  readonly where: WhereNode | undefined
  readonly orderBy: OrderByNode | undefined
}

export interface RelateNode extends Loc, Line, Clauses {
  readonly kind: 'Relate'
  readonly returnType: NameNode | undefined
  readonly factors: readonly FactorNode[]
  readonly where: WhereNode | undefined
}

export interface LookupNode extends Loc, Line, Clauses {
  readonly kind: 'Lookup'
  readonly ids: readonly ScalarNode[]
}

export interface SilosNode extends Loc, Line, Clauses {
  readonly kind: 'Silos'
  /** `for [...]`: the seed ids, a list or a list parameter. */
  readonly ids: ValueNode | undefined
  readonly where: WhereNode | undefined
  readonly blueprints: readonly BlueprintNode[]
  readonly siloSize: SiloSizeNode | undefined
}

/** `"mhmov-x" weight 0.5 boost only`. A bare `boost only` is the name `true`. */
export interface FactorNode extends Loc {
  readonly kind: 'Factor'
  readonly id: ScalarNode
  readonly weight: ScalarNode | undefined
  readonly boostOnly: ScalarNode | undefined
}

/** `where a = x and b in [...]`; no conditions is `where none` (an empty filters object). */
export interface WhereNode extends Loc, Line {
  readonly kind: 'Where'
  readonly conditions: readonly ConditionNode[]
}

export type FilterOperator = '=' | '!=' | 'in' | 'contains all'

export interface FilterNode extends Loc, Line {
  readonly kind: 'Filter'
  readonly filter: NameNode
  readonly operator: FilterOperator
  readonly value: ValueNode
}

/** `(a = x or a contains all [...])`: the `$or` of one filter's operators. */
export interface AnyOfNode extends Loc, Line {
  readonly kind: 'AnyOf'
  readonly branches: readonly ConditionNode[]
}

export type ConditionNode = FilterNode | AnyOfNode

/** `order by releaseDate desc, name`; no keys is `order by none`. */
export interface OrderByNode extends Loc, Line {
  readonly kind: 'OrderBy'
  readonly keys: readonly SortKeyNode[]
}

/** `releaseDate desc`, `popularity`, `idsOrder ["a", "b"]`. */
export interface SortKeyNode extends Loc {
  readonly kind: 'SortKey'
  readonly key: NameNode
  readonly ids: ValueNode | undefined
  readonly order: NameNode | undefined
}

/** `with primaryImage, keyContributors size 5 { primaryImage }`; no components is `with none`. */
export interface WithNode extends Loc, Line {
  readonly kind: 'With'
  readonly components: readonly ComponentItemNode[]
}

/** `...movieCard`: the components of the fragment named, as if written out here. */
export interface SpreadNode extends Loc {
  readonly kind: 'Spread'
  /** The fragment's name (its range excludes the `...`, which the spread's range includes). */
  readonly name: NameNode
}

/** What a list of components holds: a component, or a fragment's components spread. */
export type ComponentItemNode = ComponentNode | SpreadNode

export interface ComponentNode extends Loc {
  readonly kind: 'Component'
  readonly name: NameNode
  readonly size: ScalarNode | undefined
  /** `at page 2`: the page of a list component, as the service's continuation of that list asks for it. */
  readonly page: ScalarNode | undefined
  /** `{ ... }`, possibly empty; undefined when there are no braces. */
  readonly components: readonly ComponentItemNode[] | undefined
}

/** `page 2 size 10`, `page 2`, `page size 10`. */
export interface PagingNode extends Loc, Line {
  readonly kind: 'Paging'
  readonly page: ScalarNode | undefined
  readonly size: ScalarNode | undefined
}

/** `silo size 20`: titles per silo. */
export interface SiloSizeNode extends Loc, Line {
  readonly kind: 'SiloSize'
  readonly size: ScalarNode
}

/** `silo BasedOnItem(nameGenerator: "Because you liked $1") at [0] where ...`. */
export interface BlueprintNode extends Loc, Line {
  readonly kind: 'Blueprint'
  readonly type: NameNode
  /** `(...)`, possibly empty; undefined when there are no parentheses. */
  readonly params: readonly BlueprintParamNode[] | undefined
  readonly positions: ValueNode | undefined
  readonly probability: ScalarNode | undefined
  readonly where: WhereNode | undefined
}

export interface BlueprintParamNode extends Loc {
  readonly kind: 'BlueprintParam'
  readonly key: NameNode
  readonly value: ValueNode
}

/** The comments of a line that has none: one frozen object, shared by every such line. */
export const noComments: Comments = Object.freeze({ leading: Object.freeze([]), trailing: undefined })
