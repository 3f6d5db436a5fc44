// The playground's highlighting: which class each word of a query gets, read from the decorations the editor
// draws (src/playground/highlight.ts), without a browser.
import { describe, expect, it } from 'vitest'
import { hqlDecorations } from '../../src/playground/highlight'

/** Each marked range as `text=class`, in source order. */
function marked(text: string): string[] {
  const found: string[] = []
  hqlDecorations(text).between(0, text.length, (from, to, decoration) => {
    found.push(`${text.slice(from, to)}=${String(decoration.spec.class)}`)
  })
  return found
}

describe('playground highlighting', () => {
  it('colours each word of a query by its role in the model and the grammar', () => {
    const text =
      'query top($n: Int) # popular\nexplore Movie where traits = "mhgnr-drama" with primaryImage page 2 size $n ~'
    expect(marked(text)).toEqual([
      'query=hql-keyword',
      'top=hql-definition',
      '$n=hql-variable',
      'Int=hql-keyword',
      '# popular=hql-comment',
      'explore=hql-keyword',
      'Movie=hql-type',
      'where=hql-keyword',
      'traits=hql-filter',
      '"mhgnr-drama"=hql-string',
      'with=hql-keyword',
      'primaryImage=hql-component',
      'page=hql-keyword',
      '2=hql-number',
      'size=hql-keyword',
      '$n=hql-variable',
      '~=hql-invalid',
    ])
  })
})
