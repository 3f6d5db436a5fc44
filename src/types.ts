// hql/types: the builder's type vocabulary, for code that names the types a query, its arguments and its result
// are written in (a function that takes any explore query, a helper that builds components): the types the
// package entry's values are typed with beyond those it lists itself. Types only; no code.
export type {
  Narrowed,
  TypesOfIds,
  UnknownIdItem,
  Placement,
  PositionsWithProbability,
  IdFilter,
  MediaIdFilter,
  MediaIdArg,
  ReturnTypeFilter,
  BrowsableType,
  IdArg,
  ComponentArg,
  SpecOfArg,
  ListComponentSpec,
  NestingComponent,
  NestingList,
  ComponentValue,
  Shaped,
  TypedObject,
  Item,
  ItemContext,
  ComponentMismatch,
  ComponentTooDeep,
  DuplicateComponent,
  QueriesByEndpoint,
} from './builder'
export type { CheckedId, CheckedIds, CheckedIdList, WrongIdType, MalformedId } from './model'
