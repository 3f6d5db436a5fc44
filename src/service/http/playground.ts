import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { join } from 'node:path'
import type { HqlErrorCode } from '../../model/error-codes'
import { clipped } from '../../model/shown'
import { DEMO } from '../demo'
import { packageRoot } from '../package-root'

/** Where `hql serve` answers the playground (issue 13): the editor page, its script and style. */
export const PLAYGROUND_PATH = '/playground/'

/**
 * The built playground: `npm run build` writes dist/playground/ (scripts/build-playground.ts), found from the
 * package's root, the same from the sources and from the package (when a service starts, not when this loads).
 *
 * @example
 * defaultPlaygroundDir() // '/…/node_modules/hql/dist/playground'
 */
export const defaultPlaygroundDir = (): string => join(packageRoot(import.meta.url), 'dist', 'playground')

// The only files served, by name: a request never names a path on disk, so `..` and friends have nothing to
// reach. Each with its content type.
const files = new Map<string, string>([
  ['index.html', 'text/html; charset=utf-8'],
  ['playground.js', 'text/javascript; charset=utf-8'],
  ['playground.css', 'text/css; charset=utf-8'],
  ['icon.svg', 'image/svg+xml'],
])

/** Where index.html takes the nonce of its response (a `<meta>` the script reads and gives CodeMirror). */
const NONCE_PLACEHOLDER = '%CSP_NONCE%'

/**
 * Everything the page loads comes from this origin (it works offline); no inline script, no eval, no
 * frames. CodeMirror writes its styles into `<style>` elements, allowed by a nonce fresh for each page
 * (EditorView.cspNonce) rather than by 'unsafe-inline'; its lint marks are `data:` SVG images (an image
 * runs no script). The Chromium test fails on any violation report.
 */
export function playgroundCsp(nonce?: string): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    nonce === undefined ? "style-src 'self'" : `style-src 'self' 'nonce-${nonce}'`,
    "img-src 'self' data:",
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ')
}

const securityHeaders = (nonce?: string) => ({
  'Content-Security-Policy': playgroundCsp(nonce),
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'no-cache',
})

// Running from the sources without a build: a page that says what to do instead of a bare 404.
const NOT_BUILT =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>hql playground: not built</title></head>' +
  '<body><h1>The playground is not built</h1><p>Run <code>npm run build</code> in the hql checkout, then ' +
  'reload this page (the build writes <code>dist/playground/</code>, which <code>hql serve</code> serves).</p>' +
  '</body></html>'

function answer(
  response: ServerResponse,
  status: number,
  type: string,
  body: string | Buffer,
  head: boolean,
  nonce?: string,
) {
  const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body
  response.writeHead(status, {
    ...securityHeaders(nonce),
    'Content-Type': type,
    'Content-Length': bytes.length,
  })
  response.end(head ? undefined : bytes)
}

/** An error as every other answer of the service gives it: JSON with a code, beside the page's own headers. */
function answerJson(
  response: ServerResponse,
  status: number,
  code: HqlErrorCode,
  message: string,
  head: boolean,
): void {
  answer(
    response,
    status,
    'application/json; charset=utf-8',
    JSON.stringify({ error: code, message, status }),
    head,
  )
}

/**
 * Answers GET/HEAD under /playground: the built files, `config.json` (the demo credentials the Run button
 * signs in with: the same public ones `hql serve` prints), a redirect from `/playground`, or the not-built
 * page. Returns false for any other path or method, which the router then answers as before.
 */
export async function answerPlayground(
  dir: string,
  request: IncomingMessage,
  response: ServerResponse,
  path: string,
): Promise<boolean> {
  if (path !== '/playground' && !path.startsWith(PLAYGROUND_PATH)) return false
  if (request.method !== 'GET' && request.method !== 'HEAD') return false
  const head = request.method === 'HEAD'
  if (path === '/playground') {
    response.writeHead(308, { Location: PLAYGROUND_PATH, 'Content-Length': 0 })
    response.end()
    return true
  }
  const name = path === PLAYGROUND_PATH ? 'index.html' : path.slice(PLAYGROUND_PATH.length)
  if (name === 'config.json') {
    answer(response, 200, 'application/json; charset=utf-8', JSON.stringify({ demo: DEMO }), head)
    return true
  }
  const type = files.get(name)
  if (type === undefined) {
    answerJson(response, 404, 'no_such_endpoint', `no playground file at ${clipped(path)}`, head)
    return true
  }
  let body: Buffer
  try {
    body = await readFile(join(dir, name))
  } catch {
    // The page says what to do to a person who opened it; a script or a style asked for says it as JSON.
    if (name === 'index.html') answer(response, 503, 'text/html; charset=utf-8', NOT_BUILT, head)
    else answerJson(response, 503, 'not_built', 'the playground is not built: run npm run build in hql', head)
    return true
  }
  if (name === 'index.html') {
    const nonce = randomBytes(16).toString('base64')
    answer(response, 200, type, body.toString('utf8').replaceAll(NONCE_PLACEHOLDER, nonce), head, nonce)
  } else answer(response, 200, type, body, head)
  return true
}
