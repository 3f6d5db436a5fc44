import { RangeSetBuilder } from '@codemirror/state'
import {
  Decoration,
  ViewPlugin,
  type DecorationSet,
  type EditorView,
  type ViewUpdate,
} from '@codemirror/view'
import { componentNames } from '../model/components'
import { objectTypeNames } from '../model/ids'
import { filterNames } from '../model/vocabulary'
import { lex } from '../text'
import type { Token } from '../text'

// The words of the model, by role: the highlighter reads them from the model, as completion does, so a new
// component or filter is coloured without touching this file. Any other name is a keyword of the grammar.
const components = new Set<string>(componentNames)
const filters = new Set<string>(filterNames)
const types = new Set<string>(objectTypeNames)

const mark = (name: string) => Decoration.mark({ class: `hql-${name}` })
const marks = {
  comment: mark('comment'),
  string: mark('string'),
  number: mark('number'),
  variable: mark('variable'),
  invalid: mark('invalid'),
  keyword: mark('keyword'),
  component: mark('component'),
  filter: mark('filter'),
  type: mark('type'),
  definition: mark('definition'),
}

function classOf(token: Token, previous: Token | undefined): Decoration | undefined {
  switch (token.kind) {
    case 'string':
      return marks.string
    case 'number':
      return marks.number
    case 'variable':
      return marks.variable
    case 'invalid':
      return marks.invalid
    case 'name':
      if (previous?.kind === 'name' && previous.value === 'query') return marks.definition
      if (components.has(token.value)) return marks.component
      if (filters.has(token.value)) return marks.filter
      if (types.has(token.value)) return marks.type
      return marks.keyword
    default:
      return undefined
  }
}

/** Marks for the whole text from the language's own lexer (tokens and comments, in source order). */
export function hqlDecorations(text: string): DecorationSet {
  const { tokens, comments } = lex(text)
  const ranges: { from: number; to: number; value: Decoration }[] = []
  let previous: Token | undefined
  for (const token of tokens) {
    const value = classOf(token, previous)
    if (value !== undefined && token.end > token.start)
      ranges.push({ from: token.start, to: token.end, value })
    previous = token
  }
  for (const comment of comments) ranges.push({ from: comment.start, to: comment.end, value: marks.comment })
  ranges.sort((a, b) => a.from - b.from)
  const builder = new RangeSetBuilder<Decoration>()
  for (const range of ranges) builder.add(range.from, range.to, range.value)
  return builder.finish()
}

/**
 * HQL highlighting: the text is lexed whole on each change (a query is a few hundred bytes; the lexer does
 * 16 KB in well under a millisecond), so highlighting can never disagree with what the parser reads.
 */
export const hqlHighlighting = ViewPlugin.fromClass(
  class {
    decorations: DecorationSet
    constructor(view: EditorView) {
      this.decorations = hqlDecorations(view.state.doc.toString())
    }
    update(update: ViewUpdate) {
      if (update.docChanged) this.decorations = hqlDecorations(update.state.doc.toString())
    }
  },
  { decorations: (plugin) => plugin.decorations },
)
