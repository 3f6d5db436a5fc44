// Typed inline text: `hqlText('explore Movie …')`, typed by a type-level reading of the text language that
// gives the builder's query types. Types from the model and the builder; at run time, text's parseQuery.
export { hqlText } from './hql-text'
export type { TextArg, TextQuery, ReadText, Typed, ParamsObject } from './text'
export type { Failed, Fail } from './errors'
