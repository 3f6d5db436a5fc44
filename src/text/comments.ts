import type { Comments } from './ast'
import { noComments } from './ast'
import type { LineOwner, Lines } from './reader'
import type { Comment } from './token'

/** What `attachComments` builds: the comments of one line, while they are gathered. */
interface Gathered {
  leading: string[]
  trailing: string | undefined
}

// The one place a node's comments change: a line that had none gets an object of its own on its first comment.
function commentsOf(owner: LineOwner): Gathered {
  const mutable = owner as { comments: Comments }
  if (mutable.comments === noComments) mutable.comments = { leading: [], trailing: undefined }
  return mutable.comments as Gathered
}

/**
 * Gives every comment to a line of the layout, so formatting never loses one: a comment on the same line
 * as the end of a line's text is that line's trailing comment; any other comment leads the next line (or
 * ends the document, `documentEnd`). A comment inside a line's text (between tokens spread over several lines)
 * leads that line. A line whose node was never made (its definition failed to parse) takes its comments into
 * an object of its own that nothing keeps, as a line of a failed definition always did.
 */
export function attachComments(
  body: string,
  comments: readonly Comment[],
  lines: Lines,
  documentEnd: LineOwner,
): void {
  const { starts, ends } = lines
  const owners = lines.owners as (LineOwner | undefined)[]
  const ownerOf = (line: number): LineOwner => (owners[line] ??= { comments: noComments })
  let next = 0
  for (const comment of comments) {
    while (next < starts.length && (starts[next] as number) < comment.start) next++
    const previous = next - 1
    const previousEnd = previous >= 0 ? (ends[previous] as number) : -1
    if (previous >= 0 && comment.start < previousEnd) {
      commentsOf(ownerOf(previous)).leading.push(comment.text)
    } else if (
      previous >= 0 &&
      ownerOf(previous).comments.trailing === undefined &&
      !/[\r\n]/.test(body.slice(previousEnd, comment.start))
    ) {
      commentsOf(ownerOf(previous)).trailing = comment.text
    } else {
      commentsOf(next < starts.length ? ownerOf(next) : documentEnd).leading.push(comment.text)
    }
  }
}
