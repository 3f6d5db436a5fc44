import { IncomingMessage } from 'node:http'

/** The dictionary form of headers or trailers: own keys only, no prototype to reach or to collide with. */
type HeaderDictionary = Record<string, string | string[] | undefined>

/** How Node merges one raw line into a dictionary (its own `_addHeaderLine`, kept as it is). */
type AddLine = (this: IncomingMessage, field: string, value: string, dest: HeaderDictionary) => void

function dictionary(message: IncomingMessage, raw: readonly string[], distinct: boolean): HeaderDictionary {
  const dest = Object.create(null) as HeaderDictionary
  const merge = (message as unknown as { _addHeaderLine: AddLine })._addHeaderLine
  for (let n = 0; n + 1 < raw.length; n += 2) {
    const field = raw[n] as string
    const value = raw[n + 1] as string
    if (!distinct) merge.call(message, field, value, dest)
    else {
      const seen = dest[field.toLowerCase()]
      if (Array.isArray(seen)) seen.push(value)
      else dest[field.toLowerCase()] = [value]
    }
  }
  return dest
}

/**
 * A lazily built, cached dictionary accessor. Trailers arrive after the body, so their dictionaries are only
 * cached once the message is complete (before, an empty one is answered, as Node would have nothing yet).
 */
function lazyDictionary(raw: 'rawHeaders' | 'rawTrailers', distinct: boolean): PropertyDescriptor {
  const cache = new WeakMap<IncomingMessage, HeaderDictionary>()
  return {
    configurable: true,
    enumerable: false,
    get(this: IncomingMessage): HeaderDictionary {
      const cached = cache.get(this)
      if (cached !== undefined) return cached
      const built = dictionary(this, this[raw], distinct)
      if (raw === 'rawHeaders' || this.complete) cache.set(this, built)
      return built
    },
    // Kept settable, as on Node's own message: what is set is copied into a dictionary without a prototype.
    set(this: IncomingMessage, value: HeaderDictionary): void {
      const dest = Object.create(null) as HeaderDictionary
      for (const key of Object.keys(value)) dest[key] = value[key]
      cache.set(this, dest)
    },
  }
}

/**
 * Node's request, with its header dictionaries made as null-prototype objects. Node builds `headers` by
 * assigning each field name to a plain object: a header named `constructor` shadows Object.prototype's, and
 * throws inside Node's parser (killing the process) once anything has frozen Object.prototype; a header named
 * `__proto__` is lost. Header names are the sender's choice, so here they are keys of a dictionary without a
 * prototype; Node's own merge rules (joined lists, one Set-Cookie array, dropped duplicates) are kept by
 * calling its line merger on that dictionary. Passed to `createServer` as its `IncomingMessage`.
 */
export class SafeIncomingMessage extends IncomingMessage {}

Object.defineProperties(SafeIncomingMessage.prototype, {
  headers: lazyDictionary('rawHeaders', false),
  trailers: lazyDictionary('rawTrailers', false),
  headersDistinct: lazyDictionary('rawHeaders', true),
  trailersDistinct: lazyDictionary('rawTrailers', true),
})
