// The mistakes typed inline text refuses, each with the sentence its argument's type becomes. The sentence ends
// with the code parseQuery throws for the same text at run time: mistakes.test-d.ts holds the sentences,
// mistakes.test.ts the codes.
export const mistakes = [
  [
    'explore Movie with primaryImag',
    "hql: unknown component 'primaryImag'; did you mean 'primaryImage'? (unknown_component)",
  ],
  ['explore Movie with frobnicate', "hql: unknown component 'frobnicate' (unknown_component)"],
  [
    'explore Movie with allSubscriptions',
    "hql: component 'allSubscriptions' does not apply to Movie; it applies to Source (component_not_applicable)",
  ],
  [
    'explore where returnType in [Contributor, User] with keyTraits',
    "hql: component 'keyTraits' does not apply to Contributor, User; it applies to Movie, ShowSeries, ShowSeason, ShowEpisode, MusicVideo, Special, Trailer, MHGraphGroup, OtherMedia (component_not_applicable)",
  ],
  [
    'lookup "mhric-brad-pitt" with keyContributors',
    "hql: component 'keyContributors' does not apply to Contributor; it applies to Movie, ShowSeries, ShowSeason, ShowEpisode, MusicVideo, Special, Trailer, MHGraphGroup, OtherMedia (component_not_applicable)",
  ],
  [
    'explore Movie with keyContributors { contributions { keyContributors { contributions { keyContributors { primaryImage } } } } }',
    'hql: components nest at most 5 levels deep (too_deep)',
  ],
  [
    'explore Movie with socialMetrics { primaryImage }',
    "hql: component 'socialMetrics' returns a plain value: it takes no nested components (component_not_applicable)",
  ],
  [
    'explore Movie with primaryImage, primaryImage',
    "hql: component 'primaryImage' is requested twice at this level (duplicate_component)",
  ],
  [
    'explore Movie with primaryImage size 3',
    "hql: component 'primaryImage' is not a list: it takes no page size (invalid_page_size)",
  ],
  [
    'explore Image',
    'hql: Image cannot be retrieved on its own (ask for it as a component of what owns it) (unknown_type)',
  ],
  ['explore Mvie', "hql: expected a type name, got 'Mvie' (unknown_type)"],
  [
    'explore where returnType = Moviee',
    "hql: expected a type name, got 'Moviee'; did you mean 'Movie'? (unknown_type)",
  ],
  [
    'explore Movie where returnType = ShowSeries',
    "hql: filter 'returnType' is set twice; combine the values with 'in', 'contains all' or parentheses and 'or' (duplicate_filter)",
  ],
  [
    'explore Movie where traits = "mhmov-gladiator"',
    'hql: expected a Trait id (mhgnr…, mhsgn…, mhmod…, mhsmd…, …), got "mhmov-gladiator" (wrong_id_prefix)',
  ],
  [
    'explore where contributors = "mhmov-gladiator"',
    'hql: expected a Contributor id (mhric…, mhrgc…, mhfic…, mhfgc…), got "mhmov-gladiator" (wrong_id_prefix)',
  ],
  [
    'relate to "mhsrc-netflix"',
    'hql: expected the id of a user, a contributor or media (mhusr…, mhric…, mhmov…, mhsss…, …), got "mhsrc-netflix" (wrong_id_prefix)',
  ],
  [
    'lookup "gladiator"',
    'hql: expected an mhid, an altId, or a mapped source id (Source:Type:id), got "gladiator" (invalid_id)',
  ],
  [
    'silos silo Collection(id: "mhmov-gladiator")',
    'hql: expected a Collection id (mhcol…), got "mhmov-gladiator" (wrong_id_prefix)',
  ],
  [
    'explore where foo = "x"',
    "hql: unknown filter 'foo'; filters: returnType, contributors, contributorsOf, sources, traits, collections (unknown_filter)",
  ],
  [
    'explore where (traits = "mhgnr-drama" or sources = "mhsrc-netflix")',
    "hql: every branch of an 'or' must filter on 'traits', found 'sources'; use 'and' to combine different filters (mixed_or)",
  ],
  [
    'explore Movie order by nam',
    "hql: unknown sort key 'nam'; did you mean 'name'?; sort keys: name, releaseDate, popularity, collectionOrder, likeOrder, followOrder, random, idsOrder (unknown_sort)",
  ],
  [
    'silos silo Explorer',
    "hql: expected a blueprint type: RecommendedForYou, Explore, BasedOnItem, GraphLens, ExploreGraphLens, Content, Collection; did you mean 'Explore'? (unknown_blueprint)",
  ],
  [
    'silos silo Explore at [0] probability 0.5',
    'hql: positions and probability cannot be combined: choose fixed positions or a probability (positions_with_probability)',
  ],
  ['silos silo Explore(title: "x")', "hql: unknown key 'title' (unknown_key)"],
  ['query q($a: Int) explore Movie', 'hql: parameter $a is never used (unused_parameter)'],
  [
    'explore Movie page size $size',
    'hql: unknown parameter $size; declare it: query name($size: Type) (unknown_parameter)',
  ],
  [
    'query q($c: String) explore where contributors = $c',
    'hql: parameter $c is String; ContributorId is expected here (parameter_type)',
  ],
  [
    'query q($n: [Int]) explore Movie page size $n',
    'hql: parameter $n is a list ([Int]); one value is expected here (parameter_type)',
  ],
  [
    'query q($n: Intt) explore Movie page size $n',
    "hql: unknown parameter type 'Intt'; did you mean 'Int'?; types: String, Int, Float, Boolean, TypeName, Id, MovieId, ShowSeriesId, MediaId, ContributorId, UserId, FactorId, SourceId, CollectionId, TraitId (unknown_type)",
  ],
  ['explore Movie order', "hql: expected 'by', found end of text (syntax_error)"],
  [
    'explore Movie extra',
    "hql: expected 'where', 'order by', 'with', 'page' or the end of the query, found 'extra' (syntax_error)",
  ],
  [
    'explore Movie with primaryImage page 1 size 2 more',
    "hql: expected the end of the query, found 'more' (syntax_error)",
  ],
  ['relate Movie', "hql: expected 'to', found end of text (syntax_error)"],
  [
    'explore Movie where',
    "hql: expected a filter name (returnType, contributors, traits...) or '(', found end of text (syntax_error)",
  ],
  ['relate to "mhmov-a" boost', "hql: expected 'only', found end of text (syntax_error)"],
  [
    'find Movie',
    "hql: expected 'query', 'explore', 'relate', 'silos' or 'lookup', found 'find' (syntax_error)",
  ],
  ['lookup "mhmov-a', 'hql: a string is not closed (a " is missing) (syntax_error)'],
  // Literal numbers out of their range, empty lists, a second query: refused by the types since issue 30's
  // comparison of parseQuery's refusals with the sentences (bench/inline-gaps.ts).
  ['explore Movie where traits in []', 'hql: expected at least one value (invalid_operator)'],
  ['explore Movie where traits contains all []', 'hql: expected at least one value (invalid_operator)'],
  ['explore Movie order by idsOrder []', 'hql: expected at least one id (invalid_sort)'],
  ['explore Movie page size 0', 'hql: expected a positive page size (invalid_page_size)'],
  ['explore Movie page 1 size -2', 'hql: expected a positive page size (invalid_page_size)'],
  ['explore Movie page size 1.5', 'hql: expected a whole number, got number 1.5 (invalid_page_size)'],
  ['explore Movie page 1.5', 'hql: expected a whole number, got number 1.5 (invalid_page)'],
  ['explore Movie page -1', 'hql: expected a page number of 0 or more (pages are zero-based) (invalid_page)'],
  ['explore Movie with keyTraits size 0', 'hql: expected a positive page size (invalid_page_size)'],
  ['explore Movie with keyTraits at page 0.5', 'hql: expected a whole number, got number 0.5 (invalid_page)'],
  [
    'silos for ["mhmov-a"] silo Explore(name: "x") silo size 0',
    'hql: expected a positive page size (invalid_page_size)',
  ],
  ['relate Movie to "mhmov-a" weight -1', 'hql: expected a weight of 0 or more (invalid_factor)'],
  [
    'silos for ["mhmov-a"] silo Explore(name: "x") probability 1.5',
    'hql: expected a probability from 0 to 1 (invalid_request)',
  ],
  [
    'explore Movie explore Movie',
    'hql: the text holds more than one query; hqlText reads one (write each in a hqlText of its own) (ambiguous_query)',
  ],
  // A spread with no fragments given.
  [
    'explore Movie with ...movieCard',
    "hql: unknown fragment 'movieCard'; the text defines no fragment and none was given (unknown_fragment)",
  ],
] as const

/** The mistakes of texts given fragments, `hqlText(text, cards)` (cards.ts), with their sentences. */
export const fragmentMistakes = [
  [
    'explore Movie with ...movieCrd',
    "hql: unknown fragment 'movieCrd'; did you mean 'movieCard'? (unknown_fragment)",
  ],
  [
    'explore Movie with ...personCard',
    "hql: fragment 'personCard' is on Contributor; the objects here are Movie (fragment_not_applicable)",
  ],
  [
    'explore where returnType in [Movie, ShowSeries] with ...personCard',
    "hql: fragment 'personCard' is on Contributor; the objects here are Movie or ShowSeries (fragment_not_applicable)",
  ],
  [
    'lookup "mhmov-gladiator" with keyContributors { ...movieCard }',
    "hql: fragment 'movieCard' is on Movie; the objects here are Contributor (fragment_not_applicable)",
  ],
  [
    'query q($c: ContributorId) explore Movie where contributors = $c with ...personCard',
    "hql: fragment 'personCard' is on Contributor; the objects here are Movie (fragment_not_applicable)",
  ],
  [
    'explore Movie with primaryImage, ...movieCard',
    "hql: component 'primaryImage' is requested twice at this level (duplicate_component)",
  ],
  [
    'explore Movie with ...movieCard, keyContributors',
    "hql: component 'keyContributors' is requested twice at this level (duplicate_component)",
  ],
  ['explore Movie with ...', 'hql: expected a fragment name, found end of text (syntax_error)'],
  [
    'explore Movie with keyContributors { contributions { keyContributors { contributions { ...movieCard } } } }',
    'hql: components nest at most 5 levels deep (too_deep)',
  ],
] as const
