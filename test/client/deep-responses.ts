// Responses nested through the positions the client's response check walks into: real component fields of
// objects whose mhid tells their type. A nest of plain arrays or `{"a":…}` is never walked by the check (it
// looks only at fields the model knows), so only these reach its recursion.

const id = (prefix: string) => `${prefix}${'0'.repeat(39)}`
const fields = {
  Movie: `"mhid":"${id('mhmov')}","name":"m","altId":"mhmov-m","releaseDate":0`,
  Contributor: `"mhid":"${id('mhric')}","name":"c","altId":"mhric-c"`,
  Collection: `"mhid":"${id('mhcol')}","name":"c","altId":"mhcol-c","createdDate":0,"description":"","permissions":"public","published":true`,
  User: `"mhid":"${id('mhusr')}","name":"u","username":"u"`,
}
const list = (component: string) =>
  `"${component}":{"pagingInfo":{"next":null},"content":[{"context":{},"object":`
const endList = '}]}'

/** One step of a route: an object's opening text, down to where the next object starts, and its closing. */
interface Step {
  readonly open: string
  readonly close: string
}

/** Each route repeats its steps: every step adds an object nested in a real component position. */
export const componentRoutes = {
  // Collection.items.content[0].object, a Collection again.
  items: [{ open: `{${fields.Collection},${list('items')}`, close: `${endList}}` }],
  // Movie.keyContributors.content[0].object (a Contributor), its contributions.content[0].object (a Movie).
  keyContributors: [
    { open: `{${fields.Movie},${list('keyContributors')}`, close: `${endList}}` },
    { open: `{${fields.Contributor},${list('contributions')}`, close: `${endList}}` },
  ],
  // Movie.primaryGroup.object (a pair: a Collection), Collection.collections.content[0].object (a Collection).
  primaryGroup: [
    { open: `{${fields.Movie},"primaryGroup":{"context":{},"object":`, close: '}}' },
    { open: `{${fields.Collection},${list('items')}`, close: `${endList}}` },
  ],
  // User.userSocial.userDefaultCollections[0].object (a Collection), its primaryOwner.object (a User).
  userSocial: [
    {
      open: `{${fields.User},"userSocial":{"userLikes":false,"userFollows":false,"userDislikes":false,"userDefaultCollections":[{"context":{},"object":`,
      close: '}]}}',
    },
    { open: `{${fields.Collection},"primaryOwner":{"context":{},"object":`, close: '}}' },
  ],
} as const satisfies Record<string, readonly Step[]>

export type ComponentRoute = keyof typeof componentRoutes

/**
 * A result item (an object/context pair) that holds `objects` objects more, each inside the previous one
 * through `route`'s components, as JSON text: `object.items.content[0].object…` for `items`.
 */
export function nestedPair(route: ComponentRoute, objects: number): string {
  const steps: readonly Step[] = componentRoutes[route]
  let open = ''
  let close = ''
  for (let index = 0; index < objects; index++) {
    const step = steps[index % steps.length]!
    open += step.open
    close = step.close + close
  }
  return `{"context":{},"object":${open}{${fields.Collection}}${close}}`
}

/** A lookup (or explore, relate) response of one `nestedPair`. */
export const nestedResponse = (route: ComponentRoute, objects: number): string =>
  `{"pagingInfo":{"next":null},"content":[${nestedPair(route, objects)}]}`
