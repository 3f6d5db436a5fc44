// Key order, for tests of what must not depend on it (hashes, canonical forms, snapshots).

/**
 * The same JSON-like value with every object's keys in reverse order, at every depth.
 *
 * @example
 * JSON.stringify(reversedKeys({ a: 1, b: { c: 2, d: 3 } })) // '{"b":{"d":3,"c":2},"a":1}'
 */
export const reversedKeys = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(reversedKeys)
    : value !== null && typeof value === 'object'
      ? Object.fromEntries(
          Object.entries(value)
            .reverse()
            .map(([key, inner]) => [key, reversedKeys(inner)]),
        )
      : value
