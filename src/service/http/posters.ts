import type { IncomingMessage, ServerResponse } from 'node:http'
import type { GraphIndex } from '../graph/graph-index'

/** Where the service draws a poster for an image of the catalog: `/images/<image mhid>.svg`. */
export const POSTER_PATH = '/images/'

/**
 * The catalog links each poster to Wikipedia or TVmaze (the image's `url`); the files themselves are not
 * shipped, so offline nothing would load. The service therefore draws a stand-in of the same size for every
 * image it knows: the title on a colour of its own. The playground shows these, so it works without a network.
 */
export function answerPoster(
  graph: GraphIndex,
  request: IncomingMessage,
  response: ServerResponse,
  path: string,
): boolean {
  if (!path.startsWith(POSTER_PATH) || !path.endsWith('.svg')) return false
  if (request.method !== 'GET' && request.method !== 'HEAD') return false
  const mhid = decodePath(path.slice(POSTER_PATH.length, -'.svg'.length))
  const image = mhid === undefined ? undefined : graph.byId(mhid)
  if (image === undefined || image.type !== 'Image') return false
  const body = posterSvg(image.mhid, image.name ?? '', image.width, image.height)
  response.writeHead(200, {
    'Content-Type': 'image/svg+xml',
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'public, max-age=86400',
    'X-Content-Type-Options': 'nosniff',
  })
  response.end(request.method === 'HEAD' ? undefined : body)
  return true
}

function decodePath(text: string): string | undefined {
  try {
    return decodeURIComponent(text)
  } catch {
    return undefined
  }
}

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** A poster of the image's size (2:3 when the data has none) with its name, on a hue taken from its mhid. */
export function posterSvg(mhid: string, name: string, width: number, height: number): string {
  const w = width > 0 ? width : 400
  const h = height > 0 ? height : 600
  let hash = 0
  for (let i = 0; i < mhid.length; i++) hash = (hash * 31 + mhid.charCodeAt(i)) >>> 0
  const hue = hash % 360
  const title = name.replace(/ poster$/, '')
  const size = Math.max(12, Math.round(w / 12))
  const lines = wrap(title, Math.max(8, Math.floor((w * 0.8) / (size * 0.55))))
  const top = h / 2 - ((lines.length - 1) * size * 1.2) / 2
  const text = lines
    .map(
      (line, i) => `<tspan x="${w / 2}" y="${Math.round(top + i * size * 1.2)}">${escapeXml(line)}</tspan>`,
    )
    .join('')
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">` +
    `<rect width="${w}" height="${h}" fill="hsl(${hue} 45% 32%)"/>` +
    `<text font-family="sans-serif" font-size="${size}" text-anchor="middle" fill="#fff">${text}</text></svg>`
  )
}

/** Words in lines of at most `width` characters (a long word gets a line of its own), five lines at most. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = []
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const last = lines[lines.length - 1]
    if (last !== undefined && last.length + 1 + word.length <= width)
      lines[lines.length - 1] = `${last} ${word}`
    else lines.push(word)
  }
  return lines.slice(0, 5)
}
