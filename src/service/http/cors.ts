import type { IncomingMessage, ServerResponse } from 'node:http'

/**
 * CORS for browser callers. Tokens travel in the Authorization header, never in cookies, so any origin may
 * call; credentials are not allowed. Retry-After is exposed so a browser client can honour a 429.
 */
export function applyCors(request: IncomingMessage, response: ServerResponse): void {
  response.setHeader('Access-Control-Allow-Origin', '*')
  response.setHeader('Access-Control-Expose-Headers', 'Retry-After, WWW-Authenticate')
  if (request.method === 'OPTIONS') {
    response.setHeader('Access-Control-Allow-Methods', 'POST, GET, OPTIONS')
    response.setHeader('Access-Control-Allow-Headers', 'Authorization, Content-Type, Accept')
    response.setHeader('Access-Control-Max-Age', '600')
  }
}
