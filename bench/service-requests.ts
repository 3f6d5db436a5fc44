// The three requests `npm run bench:service` times, in one place: test/service/render-text.test.ts checks
// that the reference service writes the lookup (its largest answer, ~120 KB) alike on both of its paths.

export const benchExplore = {
  filters: { returnType: { $eq: 'Movie' }, traits: { $eq: 'mhgnr-drama' } },
  sort: [{ type: 'property', property: 'releaseDate', order: 'descending' }],
  components: [{ name: 'primaryImage' }],
  pageSize: 20,
}

export const benchLookup = {
  ids: ['mhmov-gladiator', 'mhmov-titanic', 'mhmov-the-matrix'],
  components: [
    { name: 'primaryImage' },
    {
      name: 'keyContributors',
      components: [{ name: 'primaryImage' }, { name: 'contributions', pageSize: 5 }],
    },
    { name: 'keyTraits' },
    { name: 'sources' },
  ],
}

export const benchRelate = {
  factors: [{ id: 'mhmov-gladiator' }, { id: 'mhric-tom-hanks', weight: 0.5 }],
  pageSize: 20,
}
