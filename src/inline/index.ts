// Typed inline text: `hqlText('explore Movie …')`, typed by a type-level reading of the text language that
// gives the builder's query types. Types from the model and the builder; at run time, text's parseQuery.
export { hqlText } from './hql-text'
export type { TextArg, TextQuery, GivenTextArg, GivenTextQuery, ReadText, Typed, ParamsObject } from './text'
export type { FragmentsArg } from './components'
export type { Given } from './values'
export type { Failed, Fail } from './errors'
