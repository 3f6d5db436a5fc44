// ky: a POST of a JSON body with a bearer token, the response read as JSON.
import ky from 'ky'

const api = ky.create({ prefixUrl: 'https://graph.example.com', headers: { authorization: 'Bearer token' } })
api
  .post('graph/explore', { json: { filters: { returnType: { $eq: 'Movie' } }, pageSize: 10 } })
  .json()
  .then((page) => console.log(page))
