import fc from 'fast-check'

/**
 * Any one code point, a lone surrogate included, printable ASCII most often: what fast-check's `'binary'` unit
 * draws, drawn the same way (small indices first: printable ASCII, then the control characters, then the rest).
 * Not the built-in unit: its first property in a process builds a map of all 1,114,112 code points (1.3 s of
 * CPU, in every worker and child process of the suite), for shrinking that only needs a failing run.
 */
export const anyCodePoint: fc.Arbitrary<string> = fc
  .nat({ max: 0x10ffff })
  .map((i) => String.fromCodePoint(i < 95 ? i + 0x20 : i < 0x7f ? i - 95 : i))

/** A string of {@link anyCodePoint}s: `fc.string({ unit: 'binary', … })` without its start-up cost. */
export const anyString = (constraints: Omit<fc.StringConstraints, 'unit'> = {}): fc.Arbitrary<string> =>
  fc.string({ ...constraints, unit: anyCodePoint })
