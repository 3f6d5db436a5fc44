// The first-run demo (`npm start`): starts the reference service on the embedded catalog, signs in with the
// password grant, and runs an explore, a lookup with nested components, a relate and a silos query through
// the client, following a page. Everything runs offline, on 127.0.0.1.
import {
  hql,
  createClient,
  passwordGrant,
  recommended,
  returnType,
  traits,
  releaseDate,
  primaryImage,
  keyContributors,
  keyTraits,
  contributors,
  sources,
  silo,
} from 'hql'
import type { ContributorContext, Pair, SourceContext } from 'hql/schemas'
import { createService } from 'hql/service'

const service = await createService()
const client = createClient({
  baseUrl: service.baseUrl,
  auth: passwordGrant({ authUrl: service.authUrl, ...service.demo, scope: ['public_profile', 'user_likes'] }),
  ...recommended(),
})

const year = (releaseDate: number) => new Date(releaseDate * 1000).getUTCFullYear()
const names = (list: readonly Pair<{ name: string }, ContributorContext>[], contribution: string) =>
  list
    .filter((pair) => pair.context.relationships.some((r) => r.contribution === contribution))
    .map((pair) => pair.object.name)
// Bold headings on a terminal only: a pipe or a file gets plain text, and so does anyone who sets NO_COLOR
// (https://no-color.org: any value but the empty string).
const bold = process.stdout.isTTY === true && !process.env.NO_COLOR
const heading = (text: string) => console.log(bold ? `\n\x1b[1m${text}\x1b[0m` : `\n${text}`)

try {
  heading(`Reference service at ${service.baseUrl} (started in ${Math.round(service.startupMs)} ms)`)

  // 1. Explore: the newest dramas, two pages of five.
  heading('Explore: the newest dramas (two pages of five, following pagingInfo.next)')
  const newestDramas = hql
    .explore()
    .filter(returnType.eq('Movie'), traits.eq('mhgnr-drama'))
    .sort(releaseDate.desc())
    .with(keyTraits)
    .pageSize(5)
  let page = 0
  for await (const response of client.pages(newestDramas, { maxPages: 2 })) {
    page++
    for (const { object } of response.content) {
      const genres = object.keyTraits.content.map((pair) => pair.object.name).join(', ')
      console.log(`  p${page}  ${object.name} (${year(object.releaseDate)}) — ${genres}`)
    }
  }

  // 2. Lookup with nested components: a film's people, genres, image and where to watch it.
  heading('Lookup: Gladiator, with directors, cast, genres, poster and where to watch')
  const gladiator = hql
    .lookup('mhmov-gladiator')
    .with(primaryImage, contributors(primaryImage), keyTraits, sources(primaryImage))
  const [film] = (await client.run(gladiator)).content
  if (film?.object) {
    const movie = film.object
    console.log(`  ${movie.name} (${year(movie.releaseDate)})`)
    console.log(`  directed by ${names(movie.contributors.content, 'Director').join(', ') || 'unknown'}`)
    console.log(`  cast: ${names(movie.contributors.content, 'Cast').slice(0, 5).join(', ')}`)
    console.log(`  genres: ${movie.keyTraits.content.map((pair) => pair.object.name).join(', ')}`)
    console.log(`  poster: ${movie.primaryImage.object.original.url}`)
    for (const { object: source, context } of movie.sources.content)
      console.log(`  ${source.name}: ${offers(context)}`)
  }

  // 3. Relate: recommendations from two weighted factors.
  heading('Relate: like Gladiator, with half the weight on Russell Crowe')
  const likeGladiator = hql
    .relate('mhmov-gladiator', { id: 'mhric-russell-crowe', weight: 0.5 })
    .filter(returnType.eq('Movie'))
    .with(keyContributors)
    .pageSize(5)
  for (const { object } of (await client.run(likeGladiator)).content) {
    const people = object.keyContributors.content.map((pair) => pair.object.name).slice(0, 3)
    console.log(`  ${object.name} (${year(object.releaseDate)}) — ${people.join(', ')}`)
  }

  // 4. Silos: three blueprints in one call. A blueprint may fill several carousels (one per liked item, one per
  // lens), so the heading counts what came back.
  const home = hql
    .silos(
      silo.explore({ name: 'Popular now', positions: [0] }),
      silo.basedOnItem({ nameGenerator: 'Because you liked $1' }),
      silo.exploreGraphLens({ nameGenerator: '$1' }),
    )
    .ids('mhmov-gladiator')
    .filter(returnType.eq('Movie'))
    .siloPageSize(4)
  const { silos } = await client.run(home)
  heading(`Silos: ${silos.length} carousels from three blueprints, in one call`)
  for (const { title, content } of silos)
    console.log(`  ${title}: ${content.map((pair) => pair.object.name).join(' · ')}`)
} finally {
  await service.close()
}

/** "rent HD 3.99 USD, purchase HD 14.99 USD" from a source's context. */
function offers(context: SourceContext): string {
  const formats = (context.mediums ?? []).flatMap((medium) =>
    medium.methods.flatMap((method) =>
      method.formats.map(
        (format) =>
          `${medium.type} · ${method.type} ${format.type} ${format.price.toFixed(2)} ${format.currency}`,
      ),
    ),
  )
  return formats.length > 0 ? formats.slice(0, 3).join(', ') : 'information only'
}
