import {
  clipped,
  describeId,
  factorIdTypes,
  isIdOfType,
  mediaTypeNames,
  returnTypeNames,
  shown,
} from '../model'
import type { ObjectTypeName } from '../model'

/** The types a query parameter can declare. `[T]` is a non-empty list of T. */
export const paramTypeNames = [
  'String',
  'Int',
  'Float',
  'Boolean',
  'TypeName',
  'Id',
  'MovieId',
  'ShowSeriesId',
  'MediaId',
  'ContributorId',
  'UserId',
  'FactorId',
  'SourceId',
  'CollectionId',
  'TraitId',
] as const
export type ParamTypeName = (typeof paramTypeNames)[number]

/** A parameter's type: a scalar type, or a list of one. */
export interface ParamType {
  readonly name: ParamTypeName
  readonly list: boolean
}

// The broader types each type may stand in for: an Int is a Float, a MovieId is a MediaId and an Id.
const broader: Readonly<Record<ParamTypeName, readonly ParamTypeName[]>> = {
  String: [],
  Int: ['Float'],
  Float: [],
  Boolean: [],
  TypeName: [],
  Id: [],
  MovieId: ['MediaId', 'FactorId', 'Id'],
  ShowSeriesId: ['MediaId', 'FactorId', 'Id'],
  MediaId: ['FactorId', 'Id'],
  ContributorId: ['FactorId', 'Id'],
  UserId: ['FactorId', 'Id'],
  FactorId: ['Id'],
  SourceId: ['Id'],
  CollectionId: ['Id'],
  TraitId: ['Id'],
}

/** Whether a value of type `declared` can be used where `expected` is. */
export function fits(declared: ParamTypeName, expected: ParamTypeName): boolean {
  return declared === expected || broader[declared].includes(expected)
}

export function isParamTypeName(name: string): name is ParamTypeName {
  return (paramTypeNames as readonly string[]).includes(name)
}

const idTypes: Partial<Record<ParamTypeName, readonly ObjectTypeName[]>> = {
  MovieId: ['Movie'],
  ShowSeriesId: ['ShowSeries'],
  MediaId: mediaTypeNames,
  ContributorId: ['Contributor'],
  UserId: ['User'],
  FactorId: factorIdTypes,
  SourceId: ['Source'],
  CollectionId: ['Collection'],
  TraitId: ['Trait'],
}

/** Why `value` is not a value of `type`, or undefined when it is. */
export function checkArgument(type: ParamType, value: unknown): string | undefined {
  if (!type.list) return checkScalar(type.name, value)
  if (!Array.isArray(value) || value.length === 0) return `expected a non-empty list of ${type.name}`
  for (const [index, item] of value.entries()) {
    const problem = checkScalar(type.name, item)
    if (problem !== undefined) return `item ${index}: ${problem}`
  }
  return undefined
}

function checkScalar(name: ParamTypeName, value: unknown): string | undefined {
  const got = `, got ${describeValue(value)}`
  switch (name) {
    case 'String':
      return typeof value === 'string' ? undefined : `expected a string${got}`
    case 'Int':
      return Number.isSafeInteger(value) ? undefined : `expected a whole number${got}`
    case 'Float':
      return typeof value === 'number' && Number.isFinite(value) ? undefined : `expected a number${got}`
    case 'Boolean':
      return typeof value === 'boolean' ? undefined : `expected true or false${got}`
    case 'TypeName':
      return (returnTypeNames as readonly unknown[]).includes(value)
        ? undefined
        : `expected a type name (${returnTypeNames.join(', ')})${got}`
    case 'Id':
      return typeof value === 'string' && describeId(value).form !== 'unknown'
        ? undefined
        : `expected an mhid, an altId or a mapped source id${got}`
    default: {
      const types = idTypes[name] ?? []
      // The model's one rule for ids (the builder and fromJSON use it too).
      return typeof value === 'string' && isIdOfType(value, types)
        ? undefined
        : `expected ${types.join(' or ')} id${got}`
    }
  }
}

const idPrefixes: Partial<Record<ParamTypeName, string>> = {
  Id: 'mhmov',
  MovieId: 'mhmov',
  ShowSeriesId: 'mhsss',
  MediaId: 'mhmov',
  ContributorId: 'mhric',
  UserId: 'mhusr',
  FactorId: 'mhmov',
  SourceId: 'mhsrc',
  CollectionId: 'mhcol',
  TraitId: 'mhgnr',
}

/**
 * A stand-in value of a type, for checking a query whose parameters have no value yet and for fixtures:
 * ids are altIds made from the parameter's name (`$contributor: ContributorId` → `mhric-contributor`).
 */
export function placeholder(type: ParamType, paramName: string): unknown {
  const scalar = placeholderScalar(type.name, paramName)
  return type.list ? [scalar] : scalar
}

function placeholderScalar(name: ParamTypeName, paramName: string): unknown {
  switch (name) {
    case 'String':
      return paramName
    case 'Int':
    case 'Float':
      return 1
    case 'Boolean':
      return true
    case 'TypeName':
      return 'Movie'
    default:
      return `${idPrefixes[name] ?? 'mhmov'}-${paramName.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase()}`
  }
}

/** Turns a command-line string into a value of `type`: numbers, booleans, and lists as JSON or `a,b,c`. */
export function argumentFromString(type: ParamType, text: string): unknown {
  if (type.list) {
    if (text.trimStart().startsWith('[')) {
      try {
        return JSON.parse(text) as unknown
      } catch {
        return text
      }
    }
    return text.split(',').map((item) => scalarFromString(type.name, item.trim()))
  }
  return scalarFromString(type.name, text)
}

function scalarFromString(name: ParamTypeName, text: string): unknown {
  if (name === 'Int' || name === 'Float')
    return /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(text) ? Number(text) : text
  if (name === 'Boolean') return text === 'true' ? true : text === 'false' ? false : text
  return text
}

/** A value as a message quotes it. Never throws: `String()` does on objects without a prototype. */
export function describeValue(value: unknown): string {
  if (typeof value === 'string') return clipped(value, JSON.stringify)
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  return typeof value === 'object' ? 'an object' : typeof value === 'function' ? 'a function' : shown(value)
}
