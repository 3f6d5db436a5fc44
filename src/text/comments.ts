import type { Comments } from './ast'
import type { Unit } from './reader'
import type { Comment } from './token'

/**
 * Gives every comment to a line of the layout, so formatting never loses one: a comment on the same line
 * as the end of a line's text is that line's trailing comment; any other comment leads the next line (or
 * ends the document). A comment inside a line's text (between tokens spread over several lines) leads
 * that line.
 */
export function attachComments(
  body: string,
  comments: readonly Comment[],
  units: readonly Unit[],
  documentEnd: Comments,
): void {
  let next = 0
  for (const comment of comments) {
    while (next < units.length && (units[next] as Unit).start < comment.start) next++
    const previous = units[next - 1]
    if (previous !== undefined && comment.start < previous.end) {
      previous.comments.leading.push(comment.text)
    } else if (
      previous !== undefined &&
      previous.comments.trailing === undefined &&
      !/[\r\n]/.test(body.slice(previous.end, comment.start))
    ) {
      previous.comments.trailing = comment.text
    } else {
      const target = units[next]
      ;(target === undefined ? documentEnd : target.comments).leading.push(comment.text)
    }
  }
}
