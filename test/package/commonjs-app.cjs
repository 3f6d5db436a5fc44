// A CommonJS app's use of hql, run by test/package/build.test.ts from a temporary app whose package.json says
// "type": "commonjs": hql ships ES modules only, which Node 20.19 and later load from require().
const { hql, compile, returnType, primaryImage, HqlError } = require('hql')
const { createService } = require('hql/service')
const { hqlHandlers, requestSnapshot } = require('hql/testing')
const { redisTokenStore, redisRateBudget } = require('hql/redis')

const query = hql.explore().filter(returnType.eq('Movie')).with(primaryImage).pageSize(2)
const loaded = [createService, hqlHandlers, requestSnapshot, redisTokenStore, redisRateBudget].every(
  (f) => typeof f === 'function',
)
console.log(JSON.stringify({ body: compile(query).body, loaded, errorClass: HqlError.name }))
