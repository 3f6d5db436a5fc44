// What a filter operator means, restated from the README independently of the service's filter code: the
// oracles of the service's property tests (test/service/properties.test.ts, test/e2e/operator-oracle.test.ts)
// share it.

/** A filter operator as the tests generate it: one key per level, `$or` nesting. */
export type Op = { $eq?: string; $ne?: string; $in?: string[]; $all?: string[]; $or?: Op[] }

/** Whether an item meets an operator, given whether it has one value. */
export const holds = (op: Op, has: (value: string) => boolean): boolean =>
  op.$eq !== undefined
    ? has(op.$eq)
    : op.$ne !== undefined
      ? !has(op.$ne)
      : op.$in
        ? op.$in.some(has)
        : op.$all
          ? op.$all.every(has)
          : (op.$or ?? []).some((branch) => holds(branch, has))

/** Every value an operator names, at any depth. */
export const named = (op: Op): string[] => [
  ...[op.$eq, op.$ne].filter((v): v is string => v !== undefined),
  ...(op.$in ?? []),
  ...(op.$all ?? []),
  ...(op.$or ?? []).flatMap(named),
]
