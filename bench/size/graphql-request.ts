// graphql-request: one query with variables through a client with a bearer token.
import { GraphQLClient, gql } from 'graphql-request'

const client = new GraphQLClient('https://graph.example.com/graphql', {
  headers: { authorization: 'Bearer token' },
})
const query = gql`
  query Explore($pageSize: Int) {
    explore(returnType: Movie, pageSize: $pageSize) {
      content {
        name
      }
    }
  }
`
client.request(query, { pageSize: 10 }).then((page) => console.log(page))
