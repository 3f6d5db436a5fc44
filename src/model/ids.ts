/**
 * Ids of the graph. An id is an `mhid` (the 5-character type prefix and 39 characters of [A-Za-z0-9]), an
 * `altId` (the prefix, `-`, and a slug), the alias `mhals-current-user`, or a mapped source id
 * (`Source:Type:id`, middle part optional). The prefix tells the object's type.
 */

/**
 * The media types: the service's object pages give them all the media default fields (mhid, name, altId,
 * releaseDate, description) and the media components. OtherMedia stands for every media kind the service's SDK
 * lists without an object page (songs, books, games, …: `otherMediaPrefixes`).
 */
export const mediaTypeNames = [
  'Movie',
  'ShowSeries',
  'ShowSeason',
  'ShowEpisode',
  'MusicVideo',
  'Special',
  'Trailer',
  'MHGraphGroup',
  'OtherMedia',
] as const
export type MediaTypeName = (typeof mediaTypeNames)[number]

// The object types past the media, in the order of `objectTypeNames`.
const nonMediaTypeNames = [
  'Contributor',
  'User',
  'Image',
  'Trait',
  'Source',
  'Collection',
  'Subscription',
] as const

/** Every object type the graph returns, by the name `returnType` uses. */
// (concat, not a spread, which is a call of the array's iterator to a bundler: a program that reads none of the
// lists below drops it.)
export const objectTypeNames: readonly [...typeof mediaTypeNames, ...typeof nonMediaTypeNames] =
  /* @__PURE__ */ mediaTypeNames.concat(nonMediaTypeNames as never) as never
export type ObjectTypeName = (typeof objectTypeNames)[number]

/**
 * The types a query can ask for by `returnType`: every type but Image and Subscription, which are reached only
 * through the objects that own them (SERVICE-SPEC.md: subscriptions cannot be retrieved on their own), and
 * OtherMedia, which is no type name of the service's but our name for the media kinds it has no page for.
 */
export type ReturnTypeName = Exclude<ObjectTypeName, 'Image' | 'Subscription' | 'OtherMedia'>
// Written out rather than filtered from `objectTypeNames`, so that a program that checks a returnType (every
// builder program) carries neither that list nor the filter: the media but OtherMedia, then the others in
// `objectTypeNames`' order. test/model/id-tables.test.ts holds it to that list.
export const returnTypeNames: readonly ReturnTypeName[] = /* @__PURE__ */ mediaTypeNames
  .slice(0, 8)
  .concat(['Contributor', 'User', 'Trait', 'Source', 'Collection'] as never) as never

/**
 * The mhid prefixes of each object type (SERVICE-NOTES.md, "Prefixes, shapes and encodings"), in the order of
 * `objectTypeNames`, each without the `mh` every prefix starts with: a type's prefixes are one word of the
 * table, comma-separated. Subscription, last, has none: a subscription has no id of its own, it is reached only
 * through its source. A string rather than lists of quoted prefixes because every browser bundle carries it
 * (256 B less minified, ~14 B gzipped); `typePrefixes` is what it stands for, and test/model/id-tables.test.ts
 * holds it to the lists.
 *
 * - OtherMedia (the ninth word): the media kinds of the service's SDK that no object page documents (Movie
 *   Series, Special Series, Song, Album, Album Series, Book, Comic Book, Periodical, Graphic Novel, Novella,
 *   Anthology, Comic Book Series, Periodical Series, Book Series, Graphic Novel Series, Game and Game Series).
 *   The notes say a client should expect them wherever media can be listed, so they are one media type: the
 *   media default fields and components, an mhid typed by these prefixes. `mhals` is also the start of the
 *   current-user alias, which is matched whole first.
 * - Contributor: the four contributor prefixes (real or fictional, individual or group) are all Contributors:
 *   same fields, same components.
 * - Trait: genre and the other trait families, every prefix the service uses for a Trait; the SDK's coarser
 *   Trait `mhtrt` and Trait Group `mhtrg` come last.
 */
const prefixTable =
  'mov sss ssn sep msv spc trl ggp ' +
  'mvs,sps,sng,alb,als,bok,cbk,pdc,gnl,nov,ath,cbs,pds,bks,gns,gam,gms ' +
  'ric,rgc,fic,fgc usr img ' +
  'gnr,sgn,mod,smd,qlt,sty,str,mts,thm,ach,era,aud,flg,grg,lng,stb,typ,ado,trt,trg ' +
  'src col'

/** The prefix lists `prefixTable` stands for, by type. */
function prefixesByType(table: string): TypePrefixes {
  const words = table.split(' ')
  return Object.fromEntries(
    objectTypeNames.map((type, index) => [type, words[index]?.split(',').map((short) => `mh${short}`) ?? []]),
  ) as unknown as TypePrefixes
}

/** The mhid prefixes of each object type (`prefixTable`, as lists). */
export const typePrefixes: TypePrefixes = /* @__PURE__ */ prefixesByType(prefixTable)

// A call, not a property read, which a bundler keeps whether the value is used or not.
function prefixesOf<Type extends ObjectTypeName>(type: Type): TypePrefixes[Type] {
  return typePrefixes[type]
}

/** The prefixes of OtherMedia: the media kinds of the service's SDK that no object page documents. */
export const otherMediaPrefixes: TypePrefixes['OtherMedia'] = /* @__PURE__ */ prefixesOf('OtherMedia')

/** Genre and the other trait families: every prefix the service uses for a Trait, `mhtrt` and `mhtrg` last. */
export const traitPrefixes: TypePrefixes['Trait'] = /* @__PURE__ */ prefixesOf('Trait')
export type TraitPrefix = (typeof traitPrefixes)[number]

/**
 * The type of `typePrefixes`, written out (the lists are made from a string): the prefixes of each type, in
 * order. test/model/id-tables.test-d.ts holds it equal to the lists written as a literal.
 */
export interface TypePrefixes {
  readonly Movie: readonly ['mhmov']
  readonly ShowSeries: readonly ['mhsss']
  readonly ShowSeason: readonly ['mhssn']
  readonly ShowEpisode: readonly ['mhsep']
  readonly MusicVideo: readonly ['mhmsv']
  readonly Special: readonly ['mhspc']
  readonly Trailer: readonly ['mhtrl']
  readonly MHGraphGroup: readonly ['mhggp']
  readonly OtherMedia: readonly [
    'mhmvs',
    'mhsps',
    'mhsng',
    'mhalb',
    'mhals',
    'mhbok',
    'mhcbk',
    'mhpdc',
    'mhgnl',
    'mhnov',
    'mhath',
    'mhcbs',
    'mhpds',
    'mhbks',
    'mhgns',
    'mhgam',
    'mhgms',
  ]
  readonly Contributor: readonly ['mhric', 'mhrgc', 'mhfic', 'mhfgc']
  readonly User: readonly ['mhusr']
  readonly Image: readonly ['mhimg']
  readonly Trait: readonly [
    'mhgnr',
    'mhsgn',
    'mhmod',
    'mhsmd',
    'mhqlt',
    'mhsty',
    'mhstr',
    'mhmts',
    'mhthm',
    'mhach',
    'mhera',
    'mhaud',
    'mhflg',
    'mhgrg',
    'mhlng',
    'mhstb',
    'mhtyp',
    'mhado',
    'mhtrt',
    'mhtrg',
  ]
  readonly Source: readonly ['mhsrc']
  readonly Collection: readonly ['mhcol']
  readonly Subscription: readonly []
}

/** The type each known prefix stands for. A Map: the prefix looked up is read from untrusted text. */
export const prefixTypes: ReadonlyMap<string, ObjectTypeName> = /* @__PURE__ */ typesByPrefix()

// A call marked pure, with no argument a bundler must keep: a program that reads no id drops the table.
function typesByPrefix(): Map<string, ObjectTypeName> {
  // Read from the table itself, not from `typePrefixes`: a program that reads ids alone carries no lists by type.
  const words = prefixTable.split(' ')
  return new Map(
    objectTypeNames.flatMap((type, index) =>
      (words[index]?.split(',') ?? []).map((short) => [`mh${short}`, type] as const),
    ),
  )
}

/**
 * The prefixes of each object type, as a type: `typePrefixes` written out. Read from its tuples
 * (`(typeof typePrefixes)[Type][number]`), each first id type of a program resolved the members of a
 * `ReadonlyArray`, about 100 type instantiations (bench/types.bench.ts). test/builder/types-agree.test-d.ts
 * holds it equal to `typePrefixes`.
 */
export interface PrefixesOf {
  Movie: 'mhmov'
  ShowSeries: 'mhsss'
  ShowSeason: 'mhssn'
  ShowEpisode: 'mhsep'
  MusicVideo: 'mhmsv'
  Special: 'mhspc'
  Trailer: 'mhtrl'
  MHGraphGroup: 'mhggp'
  OtherMedia:
    | 'mhmvs'
    | 'mhsps'
    | 'mhsng'
    | 'mhalb'
    | 'mhals'
    | 'mhbok'
    | 'mhcbk'
    | 'mhpdc'
    | 'mhgnl'
    | 'mhnov'
    | 'mhath'
    | 'mhcbs'
    | 'mhpds'
    | 'mhbks'
    | 'mhgns'
    | 'mhgam'
    | 'mhgms'
  Contributor: 'mhric' | 'mhrgc' | 'mhfic' | 'mhfgc'
  User: 'mhusr'
  Image: 'mhimg'
  Trait:
    | 'mhgnr'
    | 'mhsgn'
    | 'mhmod'
    | 'mhsmd'
    | 'mhqlt'
    | 'mhsty'
    | 'mhstr'
    | 'mhmts'
    | 'mhthm'
    | 'mhach'
    | 'mhera'
    | 'mhaud'
    | 'mhflg'
    | 'mhgrg'
    | 'mhlng'
    | 'mhstb'
    | 'mhtyp'
    | 'mhado'
    | 'mhtrt'
    | 'mhtrg'
  Source: 'mhsrc'
  Collection: 'mhcol'
  Subscription: never
}

/** The ids of one object type, by prefix: `IdOf<'Movie'>` is `` `mhmov${string}` ``. */
export type IdOf<Type extends ObjectTypeName> = `${PrefixesOf[Type]}${string}`

export type MovieId = IdOf<'Movie'>
export type ShowSeriesId = IdOf<'ShowSeries'>
export type ContributorId = IdOf<'Contributor'>
export type UserId = IdOf<'User'> | CurrentUserAlias
export type ImageId = IdOf<'Image'>
export type SourceId = IdOf<'Source'>
export type CollectionId = IdOf<'Collection'>
export type TraitId = IdOf<'Trait'>
export type OtherMediaId = IdOf<'OtherMedia'>
export type MediaId = IdOf<MediaTypeName>
/** `Source:Type:id`, for example `iTunes:Movie:569220589` or `IMDB::tt0238380`. */
export type MappedSourceId = `${string}:${string}:${string}`
/** The alias of the user the access token belongs to. */
export type CurrentUserAlias = 'mhals-current-user'
export const currentUserAlias: CurrentUserAlias = 'mhals-current-user'

/** Any id `lookup` accepts. */
export type AnyId = `${AnyPrefix}${string}` | CurrentUserAlias | MappedSourceId

/**
 * The object type a prefixed id names, at the type level (`never` for ids without a known prefix). The alias is
 * matched whole first: `mhals` is also the prefix of an Album Series (OtherMedia).
 */
export type TypeOfId<Id extends string> = Id extends CurrentUserAlias
  ? 'User'
  : Id extends `${infer Prefix extends AnyPrefix}-${string}`
    ? TypeByPrefix[Prefix]
    : PrefixedType<Id>

// Every prefix, and the type each stands for, so that each id costs one lookup (a check of the id against every
// type's prefixes made each lookup query several hundred instantiations dearer).
type AnyPrefix = keyof TypeByPrefix
/**
 * `typePrefixes` turned around, written out: computed from it by a mapped type, the table cost the first id of a
 * program about 80 instantiations. test/builder/types-agree.test-d.ts holds it equal to `typePrefixes`.
 */
export interface TypeByPrefix {
  mhmov: 'Movie'
  mhsss: 'ShowSeries'
  mhssn: 'ShowSeason'
  mhsep: 'ShowEpisode'
  mhmsv: 'MusicVideo'
  mhspc: 'Special'
  mhtrl: 'Trailer'
  mhggp: 'MHGraphGroup'
  mhmvs: 'OtherMedia'
  mhsps: 'OtherMedia'
  mhsng: 'OtherMedia'
  mhalb: 'OtherMedia'
  mhals: 'OtherMedia'
  mhbok: 'OtherMedia'
  mhcbk: 'OtherMedia'
  mhpdc: 'OtherMedia'
  mhgnl: 'OtherMedia'
  mhnov: 'OtherMedia'
  mhath: 'OtherMedia'
  mhcbs: 'OtherMedia'
  mhpds: 'OtherMedia'
  mhbks: 'OtherMedia'
  mhgns: 'OtherMedia'
  mhgam: 'OtherMedia'
  mhgms: 'OtherMedia'
  mhric: 'Contributor'
  mhrgc: 'Contributor'
  mhfic: 'Contributor'
  mhfgc: 'Contributor'
  mhusr: 'User'
  mhimg: 'Image'
  mhgnr: 'Trait'
  mhsgn: 'Trait'
  mhmod: 'Trait'
  mhsmd: 'Trait'
  mhqlt: 'Trait'
  mhsty: 'Trait'
  mhstr: 'Trait'
  mhmts: 'Trait'
  mhthm: 'Trait'
  mhach: 'Trait'
  mhera: 'Trait'
  mhaud: 'Trait'
  mhflg: 'Trait'
  mhgrg: 'Trait'
  mhlng: 'Trait'
  mhstb: 'Trait'
  mhtyp: 'Trait'
  mhado: 'Trait'
  mhtrt: 'Trait'
  mhtrg: 'Trait'
  mhsrc: 'Source'
  mhcol: 'Collection'
}

// The first five characters: a prefix's length. Works on template literal types (`mhmov${string}`) too.
type FirstFive<Id extends string> = Id extends `${infer A}${infer B}${infer C}${infer D}${infer E}${string}`
  ? `${A}${B}${C}${D}${E}`
  : never

// The type whose prefix starts an id that is not an altId (an mhid, `mhmov${string}`); a mapped source id
// names its type in the middle.
type PrefixedType<Id extends string> =
  FirstFive<Id> extends infer Prefix extends AnyPrefix
    ? TypeByPrefix[Prefix]
    : Id extends `${string}:${infer Type extends ObjectTypeName}:${string}`
      ? Type
      : never

// The model's one rule for ids (describeId below), at the type level, for ids written as literals.
// \s as JavaScript's regular expressions read it.
type Whitespace =
  | ' '
  | '\t'
  | '\n'
  | '\v'
  | '\f'
  | '\r'
  | '\u00a0'
  | '\u1680'
  | '\u2000'
  | '\u2001'
  | '\u2002'
  | '\u2003'
  | '\u2004'
  | '\u2005'
  | '\u2006'
  | '\u2007'
  | '\u2008'
  | '\u2009'
  | '\u200a'
  | '\u2028'
  | '\u2029'
  | '\u202f'
  | '\u205f'
  | '\u3000'
  | '\ufeff'
// Wrapped in an object type: a conditional type instantiates its `extends` type (a permissive and a restrictive
// form) when that type is instantiable, as a union of 25 template types is, about 50 instantiations for the
// first id of a program (bench/types.bench.ts); an object type around it is taken as it is.
type WithWhitespace = { readonly text: `${string}${Whitespace}${string}` }
type HasWhitespace<Text extends string> = { readonly text: Text } extends WithWhitespace ? true : false
type Digit = '0' | '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9'
type Lower = 'a' | 'b' | 'c' | 'd' | 'e' | 'f' | 'g' | 'h' | 'i' | 'j' | 'k' | 'l' | 'm'
type LowerToo = 'n' | 'o' | 'p' | 'q' | 'r' | 's' | 't' | 'u' | 'v' | 'w' | 'x' | 'y' | 'z'
type Alphanumeric = Lower | LowerToo | Uppercase<Lower | LowerToo> | Digit

// The 39 characters of [A-Za-z0-9] after an mhid's prefix, counted with a tuple.
type IsMhidBody<Text extends string, Count extends unknown[] = []> = Text extends `${infer Char}${infer Rest}`
  ? Char extends Alphanumeric
    ? IsMhidBody<Rest, [...Count, unknown]>
    : false
  : Count['length'] extends 39
    ? true
    : false

// After a known prefix and `-`: a non-empty slug without whitespace (an altId).
type IsSlug<Slug extends string> = Slug extends '' ? false : HasWhitespace<Slug> extends true ? false : true

// An mhid: a known prefix and 39 characters of [A-Za-z0-9]. A rest the types do not know (`mhmov${string}`, a
// MovieId) passes: its value is checked at run time.
type IsMhid<Id extends string> =
  FirstFive<Id> extends AnyPrefix
    ? Id extends `${FirstFive<Id>}${infer Rest}`
      ? string extends Rest
        ? true
        : IsMhidBody<Rest>
      : false
    : false

// `Source:Type:id`: a source without colons, a type (may be empty) without colons, an id; no whitespace.
type IsMappedSourceId<Id extends string> = Id extends `${infer Source}:${string}:${infer Rest}`
  ? Source extends ''
    ? false
    : Rest extends ''
      ? false
      : HasWhitespace<Id> extends true
        ? false
        : true
  : false

/**
 * Whether an id's text is a prefixed id by the model's rule (`describeId`: an altId, an mhid or the alias), for
 * a literal. A template literal type such as `MovieId` is not `false`: the types take it as written, and its
 * value is checked at run time.
 */
export type IsWellFormedPrefixedId<Id extends string> =
  // An altId first, the common case, by its first `-` (no prefix has one): one inference, where taking the
  // first five characters apart cost about a hundred instantiations per id (bench/types.bench.ts).
  Id extends `${infer Prefix}-${infer Slug}`
    ? Prefix extends AnyPrefix
      ? IsSlug<Slug>
      : Id extends CurrentUserAlias
        ? true
        : false
    : IsMhid<Id>

/** Whether an id's text passes the model's rule (`describeId`): a prefixed id or a mapped source id. */
export type IsWellFormedId<Id extends string> =
  IsWellFormedPrefixedId<Id> extends false ? IsMappedSourceId<Id> : true

/** What the types say about an id literal the model refuses: the editor shows it where the id is written. */
export type MalformedId<Id extends string> =
  `'${Id}' is not an id: expected prefix-slug (an altId), an mhid (prefix and 39 letters or digits), or Source:Type:id`

/**
 * An id argument: a `string` known only at run time passes (it is checked at run time); a literal must be well
 * formed (else the parameter becomes a `MalformedId` message) and one of `Allowed` (else the parameter asks for
 * `Allowed`). `Forms` is `'prefixed'` where only prefixed ids stand (filters, factors), `'any'` where mapped
 * source ids do too. The form is checked first: checked inside `Id extends Allowed`, the id would be seen as
 * `Id & Allowed`, a union of every prefix, and cost a thousand type instantiations more per id.
 */
export type CheckedId<
  Id extends string,
  Allowed extends string,
  Forms extends 'any' | 'prefixed' = 'any',
> = string extends Id
  ? Id
  : (Forms extends 'prefixed' ? IsWellFormedPrefixedId<Id> : IsWellFormedId<Id>) extends false
    ? MalformedId<Id>
    : Id extends Allowed
      ? Id
      : WrongIdType<Id>

/**
 * The message for a well-formed id of a type the argument does not take (`contributors.eq('mhmov-gladiator')`),
 * where the bare expected type read `` not assignable to `mhric${string}` | `mhrgc${string}` | … ``.
 */
export type WrongIdType<Id extends string> =
  `'${Id}' is the wrong type of id here (its prefix names another type)`

/**
 * Each id of a tuple of id arguments, checked as `CheckedId` does: the tuple itself when every id passes, else
 * the tuple with a message in place of each refused id.
 */
export type CheckedIds<Ids extends readonly string[], Allowed extends string = AnyId> =
  Ids extends EachChecked<Ids, Allowed> ? Ids : EachChecked<Ids, Allowed>

// The check behind `infer`: TypeScript infers a parameter's type arguments through the branches of a conditional
// type but not through its `extends` clause nor through an `infer` it does not own, so `Ids` is inferred from the
// bare `Ids` above alone. Inferred back through this mapped type as well, it cost about 170 instantiations a call.
type EachChecked<Ids extends readonly string[], Allowed extends string> = Ids extends infer Each extends
  readonly string[]
  ? { [I in keyof Each]: CheckedId<Each[I], Allowed> }
  : never

/**
 * `CheckedIds` for an array of ids written inside an object literal (`silo.content({ ids: [...] })`): there the
 * conditional form above lets the literals widen to `string`, which passes unchecked, so the ids are mapped one
 * by one.
 */
export type CheckedIdList<Ids extends readonly string[], Allowed extends string = AnyId> = {
  [I in keyof Ids]: CheckedId<Ids[I], Allowed>
}

/** What `describeId` learns from an id's text. */
export type IdDescription =
  | { readonly form: 'mhid' | 'altId'; readonly type: ObjectTypeName; readonly prefix: string }
  | { readonly form: 'alias'; readonly type: 'User'; readonly prefix: 'mhals' }
  | { readonly form: 'mappedSourceId'; readonly type: ObjectTypeName | undefined; readonly source: string }
  | { readonly form: 'unknown' }

const mhidPattern = /^[a-z]{5}[A-Za-z0-9]{39}$/
// Whitespace and the characters refused below are out before this pattern runs: `.` is any other.
const mappedSourceIdPattern = /^([^:]+):([^:]*):(.+)$/

// Module-level: a regular expression literal in the function makes a new RegExp object on every call.
// What no id holds: whitespace, control characters (C0, DEL, C1), format characters (the bidirectional
// controls U+202A–202E and U+2066–2069, U+200E/200F, zero-width characters) and lone surrogates. An id holding
// one would show in a message, a log or an editor as another id than it is.
const refused = /[\s\p{Cc}\p{Cf}\p{Cs}]/u
/**
 * Tells an id's form and the object type it names.
 *
 * @example
 * describeId('mhmov-gladiator') // { form: 'altId', type: 'Movie', prefix: 'mhmov' }
 * describeId('iTunes:Movie:569220589') // { form: 'mappedSourceId', type: 'Movie', source: 'iTunes' }
 * describeId('mhmov-\u202egladiator') // { form: 'unknown' }: a bidirectional control
 */
export function describeId(id: string): IdDescription {
  if (id === currentUserAlias) return { form: 'alias', type: 'User', prefix: 'mhals' }
  if (!refused.test(id)) {
    const prefix = id.slice(0, 5)
    const type = prefixTypes.get(prefix)
    // The common cases first: an altId is the prefix, '-' and a slug.
    if (type && id[5] === '-' && id[6]) return { form: 'altId', type, prefix }
    if (type && id.length === 44 && mhidPattern.test(id)) return { form: 'mhid', type, prefix }
    const [, source, typeName = ''] = mappedSourceIdPattern.exec(id) ?? []
    if (source) {
      const named = (objectTypeNames as readonly string[]).includes(typeName)
        ? (typeName as ObjectTypeName)
        : undefined
      return { form: 'mappedSourceId', type: named, source }
    }
  }
  return { form: 'unknown' }
}

/** The object type of an id, or `undefined` when its text does not tell. */
export function typeOfId(id: string): ObjectTypeName | undefined {
  const description = describeId(id)
  return description.form === 'unknown' ? undefined : description.type
}
