import fc from 'fast-check'

/**
 * fc.assert parameters that report a failure with the counterexample cut short (a generated case may be
 * megabytes long), keeping the seed and path that replay it and the error it raised.
 */
export function briefReport<Ts>(numRuns: number): fc.Parameters<Ts> {
  return {
    numRuns,
    reporter(details) {
      if (!details.failed) return
      const example = fc.stringify(details.counterexample)
      throw new Error(
        `property failed after ${details.numRuns} run(s) (seed ${details.seed}, path ${JSON.stringify(details.counterexamplePath)}): ${String(details.errorInstance)}\n` +
          `counterexample (${example.length} characters): ${example.slice(0, 2000)}`,
        { cause: details.errorInstance },
      )
    },
  }
}
