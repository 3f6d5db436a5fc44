# Recommendations from weighted factors; a boost-only factor re-ranks without adding candidates.
query similar($seed: MediaId, $boost: Boolean = true)
relate Movie to $seed, "mhric-russell-crowe" weight 0.5, "mhals-current-user" weight 0.1 boost only $boost
  where sources = "mhsrc-netflix"
  with primaryImage, sources
  page 0 size 10

# No filters at all, sent as an empty object.
query anything
relate to "mhmov-gladiator" boost only false
  where none

# Details of ids of every form: altId, mhid, mapped source id.
query details
lookup "mhmov-gladiator", "mhmovPeR81SeVnIPqEFsr36NYUqfqHuXzO9lDuQkq72G", "iTunes:Movie:569220589"
  with primaryImage, images {}, keyContributors size 5 { primaryImage, contributions size 3 }
  page size 3
