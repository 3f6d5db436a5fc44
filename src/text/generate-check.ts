// What the builder cannot express, and so `hql generate` cannot write: a returnType compared with
// `contains all` (the builder's returnType has eq, ne, in and or).
export function checkGeneratable(body: Readonly<Record<string, unknown>>): string | undefined {
  const filterSets = [
    body.filters,
    ...((body.blueprints as readonly { filters?: unknown }[] | undefined) ?? []).map((b) => b.filters),
  ]
  for (const filters of filterSets) {
    const returnType = (filters as { returnType?: unknown } | undefined)?.returnType
    if (returnType !== undefined && JSON.stringify(returnType).includes('"$all"'))
      return "returnType 'contains all' cannot be generated as builder code: use '=' or 'in'"
  }
  return undefined
}
