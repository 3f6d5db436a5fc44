// What the response checks hold every mhid to, wherever it is and whatever the query asked for.

/**
 * The documented form of an mhid (SERVICE-NOTES.md, "Ids"): a five-letter type prefix, then the rest. The rest's
 * length and letters (39 letters and digits in the documents) are not held to: tests and fixtures write
 * `mhmov-gladiator`, and nothing the client does depends on them. No whitespace: no id holds any.
 */
const mhidForm = /^[a-z]{5}\S+$/

/**
 * Whether a value present as an object's `mhid` has the documented form: `""` and `"hello"` do not.
 *
 * @example
 * hasMhidForm('mhmovPeR81SeVnIPqEFsr36NYUqfqHuXzO9lDuQkq72G') // true
 * hasMhidForm('hello') // false
 */
export const hasMhidForm = (mhid: unknown): mhid is string => typeof mhid === 'string' && mhidForm.test(mhid)

export const mhidFormMessage = 'expected an mhid: a five-letter type prefix, then the rest'
