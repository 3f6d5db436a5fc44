export { hql } from './hql'
export { explore } from './explore'
export type { QueriesByEndpoint } from './hql'
export type { Query, ResultOf, EndpointName } from '../model/core'
export type { ComponentSpec, ComponentArg, SpecOfArg } from './component-spec'
export type { ExploreQuery, Narrowed } from './explore'
export type { RelateQuery, FactorInput, FactorId } from './relate'
export type { LookupQuery, UnknownIdItem, TypesOfIds } from './lookup'
export type {
  SilosQuery,
  SiloBuilders,
  SiloTypes,
  BlueprintSpec,
  BlueprintOptions,
  Placement,
  PositionsWithProbability,
} from './silos'
export type {
  FilterSpec,
  IdFilter,
  MediaIdFilter,
  MediaIdArg,
  ReturnTypeFilter,
  BrowsableType,
  IdArg,
} from './filters'
export type { ListComponentSpec, NestingComponent, NestingList, Component } from './components'
export type {
  ComponentValue,
  Shaped,
  TypedObject,
  Item,
  ItemContext,
  ListResult,
  SilosResult,
} from './result'
export type { ComponentMismatch, ComponentTooDeep, DuplicateComponent } from './argument-checks'
export { silo } from './silos'
export { fragment } from './fragment'
export type { Fragment, FragmentOf, FragmentPart } from './fragment'
export { unknownFields } from './unknown-fields'
export type { UnknownFields } from './unknown-fields'
export { returnType, traits, contributorsOf } from './filters'
export { contributors, sources, collections } from './dual'
export * from './sort'
export {
  component,
  primaryName,
  primaryImage,
  secondaryImage,
  images,
  keyContributors,
  keyTraits,
  keySuitabilities,
  primaryGroup,
  contributions,
  followers,
  likers,
  following,
  liking,
  ownedCollections,
  allSubscriptions,
  allMediums,
  items,
  primaryOwner,
  socialMetrics,
  userSocial,
  metadata,
  thumbnail,
} from './components'
