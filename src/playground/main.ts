// The playground `hql serve` answers at /playground/: an editor with the language service's highlighting,
// completion and diagnostics, the compiled request beside it, and a Run button that signs in with the demo
// credentials and sends the query through the client. Everything it loads comes from the same origin.
import { autocompletion, completionKeymap } from '@codemirror/autocomplete'
import { history, historyKeymap, standardKeymap } from '@codemirror/commands'
import { linter, lintGutter } from '@codemirror/lint'
import { EditorState } from '@codemirror/state'
import { EditorView, drawSelection, highlightActiveLine, keymap, lineNumbers } from '@codemirror/view'
import { createClient, looseCheck, paging, passwordGrant } from '../client'
import type { PagingClient } from '../client'
import { noIds, readIds } from '../language'
import type { IdProvider } from '../language'
import { compileText } from './compiled'
import { hqlHighlighting } from './highlight'
import { hqlCompletion, hqlLint } from './language'
import { answerText, itemsOf, renderCards } from './results'
import { shareHash, textFromHash } from './share'

const EXAMPLE = `# Westerns, newest first. Ctrl-Space completes; Run (Ctrl-Enter) sends the query at the cursor.
query westerns
explore Movie
  where traits = "mhgnr-western"
  order by releaseDate desc
  with primaryImage
  page size 8
`

const byId = <T extends HTMLElement>(id: string): T => {
  const element = document.getElementById(id)
  if (element === null) throw new Error(`the playground page has no #${id}`)
  return element as T
}

const compiled = byId<HTMLPreElement>('compiled')
const share = byId<HTMLAnchorElement>('share')
const run = byId<HTMLButtonElement>('run')
const next = byId<HTMLButtonElement>('next')
const status = byId<HTMLElement>('status')
const results = byId<HTMLElement>('results')
const answerJson = byId<HTMLPreElement>('answer-json')

/** Shows what the text compiles to and keeps the share link in step with it. */
function refresh(text: string, cursor: number): void {
  const result = compileText(text, cursor)
  compiled.textContent = result.ok ? result.json : result.message
  compiled.classList.toggle('error', !result.ok)
  share.href = shareHash(text)
}

// The nonce of this page's CSP (hql serve writes it into the page) for the style elements CodeMirror adds.
const nonce = document.querySelector<HTMLMetaElement>('meta[name="hql-csp-nonce"]')?.content ?? ''

const view = new EditorView({
  parent: byId('editor'),
  state: EditorState.create({
    doc: textFromHash(location.hash) ?? EXAMPLE,
    extensions: [
      EditorView.cspNonce.of(nonce),
      lineNumbers(),
      highlightActiveLine(),
      drawSelection(),
      history(),
      hqlHighlighting,
      linter(hqlLint, { delay: 200 }),
      lintGutter(),
      autocompletion({ override: [hqlCompletion(() => ids)] }),
      keymap.of([
        { key: 'Mod-Enter', run: () => (void runQuery(), true) },
        ...completionKeymap,
        ...historyKeymap,
        ...standardKeymap,
      ]),
      EditorView.updateListener.of((update) => {
        if (update.docChanged || update.selectionSet)
          refresh(update.state.doc.toString(), update.state.selection.main.head)
      }),
      EditorView.lineWrapping,
    ],
  }),
})
refresh(view.state.doc.toString(), 0)

// A link opened in this tab (hash changed by hand or by a click on Share) loads its text.
window.addEventListener('hashchange', () => {
  const text = textFromHash(location.hash)
  if (text !== undefined && text !== view.state.doc.toString())
    view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } })
})

let client: PagingClient | undefined
let page: unknown
// The service's ids for completion and hover, as the language server reads a configured service's: none until
// they arrive (a few hundred ms for the sample catalog), none if reading fails (the editor works without them).
let ids: IdProvider = noIds

/** The client of this origin, signed in with the demo application and user the service serves in config.json. */
async function demoClient(): Promise<PagingClient> {
  if (client !== undefined) return client
  const response = await fetch('config.json')
  const { demo } = (await response.json()) as { demo: Parameters<typeof passwordGrant>[0] & object }
  client = createClient({
    baseUrl: location.origin,
    auth: passwordGrant({ ...demo, authUrl: `${location.origin}/auth` }),
    // The pieces the page uses (its bundle budget is docs/playground.md's): paging (Next, and the ids it reads)
    // and the envelope check its cards rely on. The service is the page's own origin: the strict check and
    // retries, which guard against any server, would cost it 1.8 kB.
    check: looseCheck,
    paging: paging(),
  })
  return client
}

async function show(step: () => Promise<unknown>): Promise<void> {
  run.disabled = next.disabled = true
  status.textContent = 'running…'
  document.body.dataset['state'] = 'running'
  try {
    const answer = await step()
    if (answer !== undefined) page = answer
    const items = itemsOf(page)
    renderCards(results, items)
    answerJson.textContent = answerText(page)
    const more = (page as { pagingInfo?: { next?: unknown } } | undefined)?.pagingInfo?.next
    next.disabled = typeof more !== 'object' || more === null
    status.textContent = `${items.length} item${items.length === 1 ? '' : 's'}`
    document.body.dataset['state'] = 'done'
  } catch (error) {
    status.textContent = error instanceof Error ? error.message : String(error)
    document.body.dataset['state'] = 'error'
  } finally {
    run.disabled = false
  }
}

async function runQuery(): Promise<void> {
  const result = compileText(view.state.doc.toString(), view.state.selection.main.head)
  if (!result.ok) {
    status.textContent = result.message
    document.body.dataset['state'] = 'error'
    return
  }
  await show(async () => (await demoClient()).run(result.query))
}

run.addEventListener('click', () => void runQuery())
next.addEventListener('click', () => void show(async () => (await demoClient()).next(page as never)))
document.body.dataset['state'] = 'ready'
demoClient()
  .then((signedIn) => readIds(signedIn, 5000))
  .then((read) => {
    ids = read
    document.body.dataset['ids'] = String(read.size)
  })
  .catch((error: unknown) => {
    console.warn(
      `hql playground: no id completion (${error instanceof Error ? error.message : String(error)})`,
    )
    document.body.dataset['ids'] = 'none'
  })
