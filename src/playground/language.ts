import type { CompletionContext, CompletionResult } from '@codemirror/autocomplete'
import type { Diagnostic as LintDiagnostic } from '@codemirror/lint'
import type { EditorView } from '@codemirror/view'
import { complete, diagnose, noIds } from '../language'
import type { CompletionKind, IdProvider } from '../language'

// CodeMirror's icon names for the kinds of the language service's completions.
const iconOf: Readonly<Record<CompletionKind, string>> = {
  keyword: 'keyword',
  operator: 'keyword',
  filter: 'property',
  type: 'type',
  id: 'constant',
  component: 'property',
  sort: 'enum',
  blueprint: 'class',
  param: 'variable',
  paramType: 'type',
  fragment: 'namespace',
}

/** The lint source: the language service's diagnostics (the codes and messages of `hql check`). */
export function hqlLint(view: EditorView): LintDiagnostic[] {
  const length = view.state.doc.length
  return diagnose(view.state.doc.toString(), 'playground').map((problem) => ({
    from: Math.min(problem.start, length),
    to: Math.min(Math.max(problem.end, problem.start), length),
    severity: 'error',
    source: problem.code,
    message: problem.message,
  }))
}

/**
 * The completion source: the language service's completions at the cursor, already filtered by what is typed.
 * `ids` is asked at each completion: the service's ids arrive after the page is ready.
 */
export function hqlCompletion(ids: () => IdProvider = () => noIds) {
  return (context: CompletionContext): CompletionResult | null => {
    const items = complete(context.state.doc.toString(), context.pos, ids())
    const first = items[0]
    if (first === undefined) return null
    // While typing, only once a word is begun (Ctrl-Space asks anywhere): not a list after every space.
    if (!context.explicit && first.start === context.pos) return null
    return {
      from: first.start,
      to: first.end,
      filter: false,
      options: items.map((item) => ({
        label: item.label,
        apply: item.insertText,
        type: iconOf[item.kind],
        ...(item.detail === undefined ? {} : { detail: item.detail }),
      })),
    }
  }
}
