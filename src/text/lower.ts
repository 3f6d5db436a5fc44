// From the files that define them, not the model's entry: unbundled (tsx, vitest), each re-export level is a
// getter call per read, and lowering reads the filter and sort names for every condition and sort key.
import { HqlError, HqlValidationError } from '../model/errors'
import { filterNames, sortProperties } from '../model/vocabulary'
import { didYouMean } from '../model/suggest'
import { clipped } from '../model/shown'
import { FilterNameRule, duplicateFilter } from '../model/request/filters'
import { mistakeOf } from '../model/request/rule'
import { requestLimits, tooMany } from '../model/limits'
import type { FilterName, HqlErrorCode } from '../model'
import type { EndpointName } from '../model/core'
import type {
  BlueprintNode,
  ComponentItemNode,
  ComponentNode,
  FragmentDefinitionNode,
  ConditionNode,
  NameNode,
  OperationNode,
  OrderByNode,
  ParamNode,
  PagingNode,
  ScalarNode,
  ValueNode,
  VariableNode,
  WhereNode,
  WithNode,
  FactorNode,
} from './ast'
import type { TextProblem } from './errors'
import { maxErrorsPerText, shownParameter } from './errors'
import { fits, isParamTypeName } from './param-types'
import { filtersOfSlots } from '../model/query/check-filters'
import { aloneInList, sharedComponent, sharedReturnType, sharedSort } from './shared-parts'
import type { ParamTypeName } from './param-types'

type Json = Record<string, unknown>
type Path = readonly (string | number)[]

/** A request body built from a query's syntax tree, with the source offset of each JSON path in it. */
export interface Lowered {
  readonly endpoint: EndpointName
  readonly body: Json
  /** JSON path (as `pathKey`) → source offset, for turning the model's path errors into line:col. */
  readonly locations: ReadonlyMap<string, number>
}

export const pathKey = (path: Path): string => path.join('\u0000')
/** Where the key of `path` itself was written (for `unknown_key`), apart from where its value was. */
export const keyOf = (path: Path): Path => [...path, '\u0001key']

/** What the model says of a body: each issue of a validation error, or the error itself. */
export function modelIssues(error: HqlError): { code: HqlErrorCode; reason: string; path: Path }[] {
  return error instanceof HqlValidationError
    ? error.issues.map((issue) => ({ code: issue.code, reason: issue.message, path: issue.path }))
    : [{ code: error.code, reason: error.reason, path: error.path }]
}

/**
 * A model's issue at `path`, placed at the text of the deepest part of the path that came from the text (by
 * `locations`, as lowering recorded them), or at `fallback`. A key the model does not know is shown where the key
 * is written, not where its value is.
 */
export function placeIssue(
  locations: ReadonlyMap<string, number>,
  code: HqlErrorCode,
  reason: string,
  path: Path,
  fallback = 0,
): TextProblem {
  const key =
    code === 'unknown_key' || code === 'unknown_filter' ? locations.get(pathKey(keyOf(path))) : undefined
  if (key !== undefined) return { code, reason, offset: key }
  for (let length = path.length; length >= 0; length--) {
    const offset = locations.get(pathKey(path.slice(0, length)))
    if (offset !== undefined) return { code, reason, offset }
  }
  return { code, reason, offset: fallback }
}

const returnTypeSlot = filterNames.indexOf('returnType')

/** The values each filter compares, as parameter types. */
const filterValueTypes: Readonly<Record<FilterName, ParamTypeName>> = {
  returnType: 'TypeName',
  contributors: 'ContributorId',
  contributorsOf: 'MediaId',
  sources: 'SourceId',
  traits: 'TraitId',
  collections: 'CollectionId',
}

/** The blueprint params whose values have a known type. */
const blueprintParamTypes: Readonly<Record<string, { type: ParamTypeName; list: boolean }>> = {
  name: { type: 'String', list: false },
  nameGenerator: { type: 'String', list: false },
  ids: { type: 'Id', list: true },
  id: { type: 'CollectionId', list: false },
}

/**
 * Turns a query's syntax tree into its request body, substituting parameters with `args`. Checks what only
 * the text can get wrong (unknown parameters and filters, a filter set twice, an `or` across filters, a
 * parameter of the wrong type); everything else is left to the model's schema, whose path errors the
 * locations map back to the text.
 */
export class Lowering {
  readonly problems: TextProblem[] = []
  // The sets and the map are made when first needed: most queries use no parameter and lower without
  // locations, and a Map or Set costs ≈30 ns to make (a query takes ≈3.5 µs, bench/text.bench.ts).
  #used: Set<string> | undefined
  #explained: Set<number> | undefined
  #locations: Map<string, number> | undefined
  private readonly trackLocations: boolean
  private readonly unsound: ReadonlySet<string> | undefined
  private readonly frozen: boolean
  private readonly fragments: ReadonlyMap<string, FragmentDefinitionNode>
  private readonly keepSpreads: boolean
  /** The fragments being spread, outermost first: one met again is a cycle. */
  #spreading: FragmentDefinitionNode[] | undefined
  /** The names a `did you mean` chooses from, listed once, for the first unknown name. */
  #fragmentNames: readonly string[] | undefined
  #paramNames: readonly string[] | undefined
  /** Components written out from fragments so far: a bound on what spreads of spreads can multiply to. */
  #spreadCount = 0

  /**
   * `trackLocations` (the default) records the source offset of every JSON path; it is only needed to place the
   * model's errors, so resolve lowers without it and again with it when the model refuses the body. `unsound`
   * names the parameters whose values were already reported wrong. `frozen`: every object of the body is frozen
   * as it is made, and the parts many queries repeat are shared frozen constants (shared-parts.ts), for
   * `fromOwnedJSON(…, { frozen: true })`, which then freezes nothing a second time. `fragments`: the document's
   * fragments by name, which `...name` spreads; `keepSpreads` leaves each spread of a known fragment in place as
   * `{ $fragment: name }`, for code generators (symbolic.ts).
   */
  constructor(
    private readonly params: ReadonlyMap<string, ParamNode>,
    private readonly args: ReadonlyMap<string, unknown>,
    {
      trackLocations = true,
      unsound,
      frozen = false,
      fragments = noFragments,
      keepSpreads = false,
    }: {
      trackLocations?: boolean
      unsound?: ReadonlySet<string> | undefined
      frozen?: boolean
      fragments?: ReadonlyMap<string, FragmentDefinitionNode>
      keepSpreads?: boolean
    } = {},
  ) {
    this.trackLocations = trackLocations
    this.unsound = unsound
    this.frozen = frozen
    this.fragments = fragments
    this.keepSpreads = keepSpreads
  }

  /** Whether this lowering holds all the problems it keeps (maxErrorsPerText). */
  private get full(): boolean {
    return this.problems.length >= maxErrorsPerText
  }

  /** JSON path (as `pathKey`) → source offset of what was lowered so far (with `trackLocations`). */
  get locations(): ReadonlyMap<string, number> {
    return this.#locations ?? noLocations
  }

  /** The parameters the query uses, by name. */
  get used(): ReadonlySet<string> {
    return this.#used ?? noNames
  }

  /**
   * Offsets (recorded with `trackLocations`) where the body holds a value the text's own problems explain: a
   * parameter without a usable value. The model's errors there would report one mistake twice.
   */
  get explained(): ReadonlySet<number> {
    return this.#explained ?? noOffsets
  }

  #explain(offset: number): void {
    ;(this.#explained ??= new Set()).add(offset)
  }

  /** `value` frozen when this lowering freezes what it makes: for an object or array it just made. */
  private own<T extends object>(value: T): T {
    return this.frozen ? Object.freeze(value) : value
  }

  lower(operation: OperationNode): Lowered {
    this.at([], operation.start)
    const body: Json = {}
    const endpoint = endpointOf(operation)
    switch (operation.kind) {
      case 'Explore':
        body.filters = this.filters(operation.where, operation.returnType, ['filters']) ?? this.own({})
        if (operation.orderBy) body.sort = this.sort(operation.orderBy, ['sort'])
        break
      case 'Relate':
        this.at(['factors'], operation.factors[0]?.start ?? operation.start)
        body.factors = this.own(
          operation.factors.map((factor, index) => this.factor(factor, ['factors', index])),
        )
        this.set(body, 'filters', this.filters(operation.where, operation.returnType, ['filters']))
        break
      case 'Lookup':
        this.at(['ids'], operation.ids[0]?.start ?? operation.start)
        body.ids = this.items(operation.ids, 'Id', ['ids'])
        break
      case 'Silos':
        if (operation.ids) body.ids = this.list(operation.ids, 'Id', ['ids'])
        this.set(body, 'filters', this.filters(operation.where, undefined, ['filters']))
        this.at(['blueprints'], operation.blueprints[0]?.start ?? operation.start)
        body.blueprints = this.own(
          operation.blueprints.map((b, index) => this.blueprint(b, ['blueprints', index])),
        )
        break
    }
    if (operation.with) body.components = this.components(operation.with, ['components'])
    if (operation.paging) this.paging(body, operation.paging)
    if (operation.kind === 'Silos' && operation.siloSize)
      body.siloPageSize = this.scalar(operation.siloSize.size, 'Int', ['siloPageSize'])
    return { endpoint, body: this.own(body), locations: this.#locations ?? noLocations }
  }

  /**
   * A problem of the text at `offset`; `path`, where the mistake is one a body could hold (a filter named twice),
   * is its path in the body as the model would give it (only known when tracking locations).
   */
  private problem(code: HqlErrorCode, reason: string, offset: number, path?: Path): void {
    // A text reports maxErrorsPerText problems at most (resolve.ts keeps the first by offset): past them, more of
    // the same (a `did you mean` over every name, each) would cost time for nothing a user reads.
    if (this.full) return
    this.problems.push(
      path !== undefined && this.trackLocations ? { code, reason, offset, path } : { code, reason, offset },
    )
  }

  // A node with no place in the text (-1: a fragment given to it, not written in it) records none: the model's
  // errors inside it are placed where the text is, at the spread (spreadInto).
  private at(path: Path, offset: number): void {
    if (this.trackLocations && offset >= 0) (this.#locations ??= new Map()).set(pathKey(path), offset)
  }

  /**
   * `path` and then `key` (and `next`): the path of a value below. Paths only place the model's errors, so
   * without `trackLocations` this is `path` itself, which nothing reads: lowering a valid query then builds
   * no path arrays (~20 for the quickstart query, a tenth of lowering it; bench/text.bench.ts).
   */
  private sub(path: Path, key: string | number, next?: string | number): Path {
    if (!this.trackLocations) return path
    return next === undefined ? [...path, key] : [...path, key, next]
  }

  private set(body: Json, key: string, value: unknown): void {
    if (value !== undefined) body[key] = value
  }

  private filters(where: WhereNode | undefined, returnType: NameNode | undefined, path: Path) {
    if (where === undefined && returnType === undefined) return undefined
    // Each filter's operator in its slot (filterNames' order), then one object in that order, as the model's
    // own query value makes it: named stores, where a store under each name the text gives cost ≈3% of a query.
    const slots = new Array<unknown>(filterNames.length)
    if (returnType) {
      this.at(this.sub(path, 'returnType'), returnType.start)
      this.at(this.sub(path, 'returnType', '$eq'), returnType.start)
      const value = returnType.value
      slots[returnTypeSlot] = (this.frozen && sharedReturnType(value)) || this.own({ $eq: value })
    }
    if (where) this.at(path, where.start)
    for (const condition of where?.conditions ?? []) {
      const name = this.filterName(condition, path)
      if (name === undefined) continue
      const slot = filterNames.indexOf(name)
      if (slots[slot] !== undefined) {
        this.problem('duplicate_filter', duplicateFilter(name), condition.start, this.sub(path, name))
        continue
      }
      slots[slot] = this.operator(condition, name, this.sub(path, name))
    }
    // filtersOfSlots freezes: an unfrozen lowering (symbolic bodies, locations) gets an open copy.
    const filters = filtersOfSlots(slots)
    return this.frozen ? filters : { ...filters }
  }

  /** The filter a condition is on; every branch of an `or` must name the same one. */
  private filterName(condition: ConditionNode, path: Path): FilterName | undefined {
    const first = firstFilter(condition)
    const name = first.filter.value
    // What the filter name rule says of a name that is none (text has no filters object to put it in).
    const unknown = (filterNames as readonly string[]).includes(name)
      ? undefined
      : mistakeOf(FilterNameRule, name)
    if (unknown !== undefined) {
      this.problem(unknown.code, unknown.message, first.filter.start, this.sub(path, name))
      return undefined
    }
    const other = otherFilter(condition, name)
    if (other) {
      this.problem(
        'mixed_or',
        `every branch of an 'or' must filter on '${name}', found ${clipped(other.value)}; use 'and' to combine different filters`,
        other.start,
      )
      return undefined
    }
    return name as FilterName
  }

  private operator(condition: ConditionNode, name: FilterName, path: Path): Json {
    this.at(path, condition.start)
    if (condition.kind === 'AnyOf')
      return this.own({
        $or: this.own(
          condition.branches.map((branch, index) =>
            this.operator(branch, name, this.sub(path, '$or', index)),
          ),
        ),
      })
    const type = filterValueTypes[name]
    switch (condition.operator) {
      case '=':
        return this.own({ $eq: this.value(condition.value, type, this.sub(path, '$eq')) })
      case '!=':
        return this.own({ $ne: this.value(condition.value, type, this.sub(path, '$ne')) })
      case 'in':
        return this.own({ $in: this.list(condition.value, type, this.sub(path, '$in')) })
      case 'contains all':
        return this.own({ $all: this.list(condition.value, type, this.sub(path, '$all')) })
    }
  }

  private sort(orderBy: OrderByNode, path: Path): readonly object[] {
    this.at(path, orderBy.start)
    const sorts = orderBy.keys.map((node, index) => {
      const at = this.sub(path, index)
      this.at(at, node.start)
      this.at(this.sub(at, 'type'), node.key.start)
      const key = node.key.value
      // `order by name` is the property sort; any other key is the sort's type, which the sort rule checks (an
      // unknown one, idsOrder without ids, ids on another sort), as it checks a body's.
      const sort: Json = {}
      if ((sortProperties as readonly string[]).includes(key)) {
        sort.type = 'property'
        sort.property = key
        this.at(this.sub(at, 'property'), node.key.start)
      } else sort.type = key
      if (node.ids !== undefined) sort.ids = this.list(node.ids, 'Id', this.sub(at, 'ids'))
      else this.at(this.sub(at, 'ids'), node.end)
      if (node.order) {
        this.at(this.sub(at, 'order'), node.order.start)
        // The parser takes asc, ascending, desc or descending here.
        sort.order = node.order.value.startsWith('asc') ? 'ascending' : 'descending'
      }
      // A sort key with no ids (idsOrder is not shared) is a shared constant: it was checked above as any.
      const shared =
        this.frozen && node.ids === undefined
          ? sharedSort(key, sort.order as 'ascending' | 'descending' | undefined)
          : undefined
      return shared ?? this.own(sort)
    })
    const [only] = sorts
    return (sorts.length === 1 && only !== undefined && aloneInList(only)) || this.own(sorts)
  }

  private components(withNode: WithNode, path: Path): readonly object[] {
    this.at(path, withNode.start)
    return this.own(this.componentItems(withNode.components, path))
  }

  /**
   * The requests of a list of components at `path`, each spread fragment's components written out in its place
   * (where each was written in its fragment, for the model's errors). A fragment's own mistakes are its
   * definition's, reported where they are written (check-document.ts); here, an unknown fragment, a fragment that
   * spreads itself, and spreads that multiply past the request's limits. `within`: the fragment `items` are the
   * components of, when they are (its spread in them is a cycle).
   */
  componentItems(items: readonly ComponentItemNode[], path: Path, within?: FragmentDefinitionNode): object[] {
    const out: object[] = []
    if (within !== undefined) (this.#spreading ??= []).push(within)
    this.spreadInto(out, items, path)
    if (within !== undefined) this.#spreading?.pop()
    return out
  }

  private spreadInto(out: object[], items: readonly ComponentItemNode[], path: Path): void {
    for (const item of items) {
      if (item.kind === 'Component') {
        out.push(this.component(item, this.sub(path, out.length)))
        continue
      }
      const name = item.name.value
      const fragment = this.fragments.get(name)
      const spreading = (this.#spreading ??= [])
      if (fragment === undefined) {
        // The suggestion costs a distance to every name: only for problems that are kept.
        if (this.full) continue
        const known = (this.#fragmentNames ??= [...this.fragments.keys()])
        this.problem(
          'unknown_fragment',
          `unknown fragment ${clipped(name)}${didYouMean(name, known) || (known.length > 0 ? '' : '; the text defines no fragment and none was given')}`,
          item.name.start,
        )
      } else if (spreading.includes(fragment)) {
        const cycle = [...spreading.slice(spreading.indexOf(fragment)), fragment].map((f) => f.name.value)
        this.problem(
          'cyclic_fragment',
          `fragment ${clipped(name)} spreads itself: ${cycle.join(' → ')}`,
          item.name.start,
        )
      } else if (out.length > requestLimits.componentsPerLevel) {
        return this.problem(...tooMany('componentsPerLevel', out.length), item.start)
      } else if (spreading.length >= maxSpreadDepth) {
        // As the limits above: the rest of this level is as deep, and each spread of it would say so again.
        return this.problem(
          'too_deep',
          `fragments spread one another at most ${maxSpreadDepth} deep`,
          item.start,
        )
      } else if ((this.#spreadCount += fragment.components.length) > requestLimits.nodes) {
        return this.problem(...tooMany('nodes', this.#spreadCount), item.start)
      } else if (this.keepSpreads) {
        out.push({ $fragment: name })
      } else {
        const first = out.length
        spreading.push(fragment)
        this.spreadInto(out, fragment.components, path)
        spreading.pop()
        // A fragment given to the text (no place in it): its components are where it is spread.
        if (fragment.start < 0)
          for (let index = first; index < out.length; index++) this.at(this.sub(path, index), item.name.start)
      }
    }
  }

  private component(node: ComponentNode, path: Path): object {
    this.at(path, node.start)
    this.at(this.sub(path, 'name'), node.name.start)
    if (this.frozen && !node.size && !node.page && !node.components) {
      const shared = sharedComponent(node.name.value)
      if (shared !== undefined) return shared
    }
    const component: Json = { name: node.name.value }
    if (node.size) component.pageSize = this.scalar(node.size, 'Int', this.sub(path, 'pageSize'))
    if (node.page) component.page = this.scalar(node.page, 'Int', this.sub(path, 'page'))
    if (node.components) {
      const nested = this.sub(path, 'components')
      this.at(nested, node.name.end)
      component.components = this.own(this.componentItems(node.components, nested))
    }
    return this.own(component)
  }

  private paging(body: Json, paging: PagingNode): void {
    if (paging.page) body.page = this.scalar(paging.page, 'Int', ['page'])
    if (paging.size) body.pageSize = this.scalar(paging.size, 'Int', ['pageSize'])
  }

  private factor(node: FactorNode, path: Path): Json {
    this.at(path, node.start)
    const factor: Json = { id: this.scalar(node.id, 'FactorId', this.sub(path, 'id')) }
    if (node.weight) factor.weight = this.scalar(node.weight, 'Float', this.sub(path, 'weight'))
    if (node.boostOnly) factor.boostOnly = this.scalar(node.boostOnly, 'Boolean', this.sub(path, 'boostOnly'))
    return this.own(factor)
  }

  private blueprint(node: BlueprintNode, path: Path): Json {
    this.at(path, node.start)
    this.at(this.sub(path, 'type'), node.type.start)
    const blueprint: Json = { type: node.type.value }
    if (node.positions) blueprint.positions = this.list(node.positions, 'Int', this.sub(path, 'positions'))
    if (node.probability)
      blueprint.probability = this.scalar(node.probability, 'Float', this.sub(path, 'probability'))
    this.set(blueprint, 'filters', this.filters(node.where, undefined, this.sub(path, 'filters')))
    if (node.params) {
      // Without a prototype, every key the text names becomes an own key, `__proto__` too: the model then
      // refuses it at its path (which points back here), rather than it vanishing into a prototype setter.
      const params: Json = Object.create(null) as Json
      this.at(this.sub(path, 'params'), node.type.end)
      for (const param of node.params) {
        const key = param.key.value
        const at = this.sub(path, 'params', key)
        if (Object.hasOwn(params, key)) {
          this.problem(
            'duplicate_parameter',
            `blueprint parameter ${clipped(key)} is set twice`,
            param.key.start,
            at,
          )
          continue
        }
        this.at(at, param.key.start)
        this.at(keyOf(at), param.key.start)
        const known = Object.hasOwn(blueprintParamTypes, key) ? blueprintParamTypes[key] : undefined
        params[key] = known?.list
          ? this.list(param.value, known.type, at)
          : this.value(param.value, known?.type, at)
      }
      blueprint.params = this.own(params)
    }
    return this.own(blueprint)
  }

  /** A value in a scalar position; a list there is kept as written for the schema to refuse. */
  private value(node: ValueNode, expected: ParamTypeName | undefined, path: Path): unknown {
    if (node.kind === 'List') return this.list(node, expected, path)
    return this.scalar(node, expected, path)
  }

  scalar(node: ScalarNode, expected: ParamTypeName | undefined, path: Path): unknown {
    this.at(path, node.start)
    if (node.kind === 'Variable') return this.variable(node, expected, false)
    return literal(node, expected)
  }

  /** A list position: `[a, b]` (a list parameter inside is spliced in), or a list parameter. */
  private list(node: ValueNode, expected: ParamTypeName | undefined, path: Path): unknown {
    this.at(path, node.start)
    if (node.kind === 'List') return this.items(node.items, expected, path)
    if (node.kind === 'Variable') return this.variable(node, expected, true)
    return this.scalar(node, expected, path)
  }

  private items(nodes: readonly ValueNode[], expected: ParamTypeName | undefined, path: Path): unknown[] {
    const out: unknown[] = []
    for (const node of nodes) {
      const spliced = node.kind === 'Variable' && this.params.get(node.name)?.type.list === true
      if (spliced) {
        const values = this.variable(node, expected, true)
        // No values to splice: the list's own errors (an empty list) come from the parameter's problem.
        const at =
          this.trackLocations && !Array.isArray(values) ? this.#locations?.get(pathKey(path)) : undefined
        if (at !== undefined) this.#explain(at)
        for (const value of Array.isArray(values) ? values : []) {
          this.at(this.sub(path, out.length), node.start)
          out.push(value)
        }
      } else out.push(this.value(node, expected, this.sub(path, out.length)))
    }
    return this.own(out)
  }

  private variable(node: VariableNode, expected: ParamTypeName | undefined, list: boolean): unknown {
    // A fragment means the same wherever it is spread: its values are literals, not the parameters of a query.
    if (this.#spreading !== undefined && this.#spreading.length > 0) {
      this.problem(
        'unknown_parameter',
        `a fragment's values are literals: ${shownParameter(node.name)} is no parameter of fragment ${clipped((this.#spreading[this.#spreading.length - 1] as FragmentDefinitionNode).name.value)}`,
        node.start,
      )
      return undefined
    }
    const param = this.params.get(node.name)
    if (param === undefined) {
      if (this.full) return undefined
      const declared = (this.#paramNames ??= [...this.params.keys()])
      this.problem(
        'unknown_parameter',
        `unknown parameter ${shownParameter(node.name)}${didYouMean(node.name, declared)}${declared.length === 0 ? `; declare it: query name(${shownParameter(node.name)}: Type)` : ''}`,
        node.start,
      )
      return undefined
    }
    ;(this.#used ??= new Set()).add(node.name)
    if (!this.args.has(node.name) || this.unsound?.has(node.name)) this.#explain(node.start)
    const type = param.type
    const shown = type.list ? `[${type.name.value}]` : type.name.value
    if (type.list && !list)
      this.problem(
        'parameter_type',
        `parameter ${shownParameter(node.name)} is a list (${shown}); one value is expected here`,
        node.start,
      )
    else if (expected !== undefined && !fitsName(type.name.value, expected))
      this.problem(
        'parameter_type',
        `parameter ${shownParameter(node.name)} is ${shown}; ${list ? `[${expected}] or ${expected}` : expected} is expected here`,
        node.start,
      )
    // A copy: the body becomes the query's own and is frozen in place (fromOwnedJSON), which must not
    // reach a list the caller passed as a parameter.
    return copied(this.args.get(node.name), this.frozen)
  }
}

// What a lowering that met none holds: shared, and only ever read.
const noNames: ReadonlySet<string> = new Set()
const noFragments: ReadonlyMap<string, FragmentDefinitionNode> = new Map()
/** How deep fragments may spread one another: far past any real use, well short of the stack's end. */
const maxSpreadDepth = 64
const noOffsets: ReadonlySet<number> = new Set()
const noLocations: ReadonlyMap<string, number> = new Map()

/**
 * A parameter's value: a scalar, or a copy of a flat list of scalars (resolve keeps only values that passed
 * checkArgument), frozen when `frozen`. One level: nothing checked is deeper.
 */
function copied(value: unknown, frozen: boolean): unknown {
  if (!Array.isArray(value)) return value
  const copy = value.slice()
  return frozen ? Object.freeze(copy) : copy
}

// An undeclared type name is reported once, at the declaration, not again at every use.
const fitsName = (declared: string, expected: ParamTypeName) =>
  !isParamTypeName(declared) || fits(declared, expected)

/** The JSON value of a literal: `true`/`false` are booleans where a Boolean is expected; names are strings. */
export function literal(
  node: Exclude<ScalarNode, VariableNode>,
  expected: ParamTypeName | undefined,
): unknown {
  if (node.kind === 'Name' && expected === 'Boolean' && (node.value === 'true' || node.value === 'false'))
    return node.value === 'true'
  return node.value
}

function endpointOf(operation: OperationNode): EndpointName {
  const endpoints = { Explore: 'explore', Relate: 'relate', Lookup: 'lookup', Silos: 'silos' } as const
  return endpoints[operation.kind]
}

function firstFilter(condition: ConditionNode) {
  let current = condition
  while (current.kind === 'AnyOf') current = current.branches[0] as ConditionNode
  return current
}

function otherFilter(condition: ConditionNode, name: string): NameNode | undefined {
  if (condition.kind === 'Filter') return condition.filter.value === name ? undefined : condition.filter
  for (const branch of condition.branches) {
    const other = otherFilter(branch, name)
    if (other) return other
  }
  return undefined
}
