// openapi-fetch: a typed POST against a one-operation OpenAPI description.
import createClient from 'openapi-fetch'

interface paths {
  '/graph/explore': {
    post: {
      requestBody: { content: { 'application/json': { filters: object; pageSize?: number } } }
      responses: { 200: { content: { 'application/json': { content: unknown[] } } } }
    }
  }
}

const client = createClient<paths>({
  baseUrl: 'https://graph.example.com',
  headers: { authorization: 'Bearer token' },
})
client
  .POST('/graph/explore', { body: { filters: { returnType: { $eq: 'Movie' } }, pageSize: 10 } })
  .then(({ data }) => console.log(data?.content.length))
