import { mhidOf } from '../catalog/ids'
import type { GraphNode, ImageNode, SubscriptionPlan } from '../graph/entities'
import type { QueryContext } from './context'

/** The path the service answers the default placeholder image at (a small SVG it serves itself). */
export const DEFAULT_IMAGE_PATH = '/images/default.svg'

export function defaultImage(baseUrl: string): ImageNode {
  return {
    type: 'Image',
    mhid: mhidOf('Image', 'default placeholder'),
    name: null,
    url: `${baseUrl}${DEFAULT_IMAGE_PATH}`,
    width: 600,
    height: 900,
    isDefault: true,
  }
}

/**
 * Every name {@link defaultFields} can give, of any type (a component named like one replaces it, which the
 * text renderer leaves to the object path: ./render-text.ts). test/service/render-text.test.ts checks it.
 */
export const DEFAULT_FIELD_NAMES: ReadonlySet<string> = new Set([
  'mhid',
  'name',
  'altId',
  'releaseDate',
  'description',
  'subType',
  'pluralName',
  'connectable',
  'webUrl',
  'createdDate',
  'permissions',
  'published',
  'username',
  'email',
  'isDefault',
  'averageColor',
  'original',
  'thumbnail',
  'small',
  'medium',
  'large',
])

/** The default fields of a node: what an object carries before any component is requested. */
export function defaultFields(node: GraphNode | ImageNode, ctx: QueryContext): Record<string, unknown> {
  switch (node.type) {
    case 'Movie':
    case 'ShowSeries':
    case 'ShowSeason':
    case 'ShowEpisode':
      return {
        mhid: node.mhid,
        name: node.name,
        altId: node.altId,
        releaseDate: node.releaseDate,
        description: node.description,
      }
    case 'Contributor':
      return { mhid: node.mhid, name: node.name, altId: node.altId }
    case 'Trait':
      return {
        mhid: node.mhid,
        altId: node.altId,
        name: node.name,
        description: node.description,
        subType: node.subType,
        pluralName: node.pluralName,
      }
    case 'Source':
      return {
        mhid: node.mhid,
        name: node.name,
        altId: node.altId,
        connectable: node.connectable,
        webUrl: node.webUrl,
      }
    case 'Collection':
      return {
        mhid: node.mhid,
        name: node.name,
        altId: node.altId,
        createdDate: node.createdDate,
        description: node.description,
        permissions: node.permissions,
        published: node.published,
      }
    case 'User':
      return {
        mhid: node.mhid,
        name: node.name,
        altId: node.altId,
        username: node.username,
        // SERVICE-NOTES.md: the email only for the authenticated user themself.
        ...(ctx.user === node ? { email: node.email } : {}),
      }
    case 'Image':
      return imageFields(node)
  }
}

/**
 * An image's renditions. Wikipedia posters are published at one size in the data, so every rendition is that
 * file; TVmaze posters come as original and medium, and the small renditions use the medium one.
 */
function imageFields(image: ImageNode): Record<string, unknown> {
  const original = { url: image.url, width: image.width, height: image.height }
  const small = image.medium ?? original
  return {
    mhid: image.mhid,
    name: image.name,
    isDefault: image.isDefault,
    averageColor: null,
    original,
    thumbnail: small,
    small,
    medium: small,
    large: original,
  }
}

export function subscriptionObject(plan: SubscriptionPlan): Record<string, unknown> {
  return { metadata: { ...plan, mediums: [...plan.mediums] } }
}
