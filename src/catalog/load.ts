import { readFile, readdir, realpath, stat } from 'node:fs/promises'
import { basename, join, relative, sep } from 'node:path'
import { parseDocumentCollecting } from '../text'
import type { DocumentNode, HqlSyntaxError } from '../text'
import { decodeUtf8 } from './utf8'

/** One `.hql` file of a catalog, parsed. */
export interface CatalogFile {
  /** The path as errors print it (as given, joined with the file's place in a directory). */
  readonly path: string
  /** The path below the catalog root, with `/`: stable whatever the working directory. */
  readonly relativePath: string
  readonly text: string
  readonly document: DocumentNode
  readonly syntaxErrors: readonly HqlSyntaxError[]
}

export interface Catalog {
  readonly files: readonly CatalogFile[]
}

/**
 * Loads a catalog: every `.hql` file under the given files and directories, in a stable order (sorted by
 * path), each parsed with its syntax errors collected rather than thrown.
 *
 * @example
 * const catalog = await loadCatalog(['catalog/'])
 */
export async function loadCatalog(paths: readonly string[]): Promise<Catalog> {
  const found: { path: string; relativePath: string }[] = []
  for (const root of paths) {
    if ((await stat(root)).isDirectory()) {
      for (const file of await hqlFilesUnder(root, new Set()))
        found.push({ path: file, relativePath: relative(root, file).split(sep).join('/') })
    } else found.push({ path: root, relativePath: basename(root) })
  }
  found.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
  // One file reached twice (named twice, in a directory named too, or through a link) is read once: twice, each
  // of its queries was "already defined" at itself.
  const read = new Set<string>()
  const files: CatalogFile[] = []
  for (const { path, relativePath } of found) {
    const real = await realpath(path).catch(() => path)
    if (read.has(real)) continue
    read.add(real)
    files.push(await readCatalogFile(path, relativePath))
  }
  return { files }
}

/** Reads and parses one file; one that is not UTF-8 has that one problem, and is not parsed. */
async function readCatalogFile(path: string, relativePath: string): Promise<CatalogFile> {
  const bytes = await readFile(path)
  // The byte order mark goes before decoding, so that the bad byte's column counts as catalogFile's do.
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf
  const { text, error } = decodeUtf8(bom ? bytes.subarray(3) : bytes, path)
  if (error === undefined) return catalogFile(path, relativePath, text)
  // Its queries would be read with U+FFFD in them; the one thing to mend is the file's encoding.
  const { document } = parseDocumentCollecting('', path)
  return { path, relativePath, text, document, syntaxErrors: [error] }
}

/**
 * Parses one catalog file's text. One byte order mark at its start (some Windows editors write one) is dropped: an
 * editor does not show it, and counted as a column it put every column of line 1 one to the right of where the
 * editor shows it.
 */
export function catalogFile(path: string, relativePath: string, text: string): CatalogFile {
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1)
  const { document, errors } = parseDocumentCollecting(text, path)
  return { path, relativePath, text, document, syntaxErrors: errors }
}

/**
 * The `.hql` files under `directory`. Links are followed (a catalog may link a file or a folder it shares with
 * another): a directory is read once however many links lead to it (`visited`: real paths), and a link to
 * nothing is kept if it names a `.hql` file (reading it then says what is wrong) and skipped otherwise.
 */
async function hqlFilesUnder(directory: string, visited: Set<string>): Promise<string[]> {
  const real = await realpath(directory)
  if (visited.has(real)) return []
  visited.add(real)
  const out: string[] = []
  const entries = await readdir(directory, { withFileTypes: true })
  for (const entry of entries) {
    if (entry.name.startsWith('.') || entry.name === 'node_modules') continue
    const path = join(directory, entry.name)
    const isHql = entry.name.endsWith('.hql')
    const kind = entry.isSymbolicLink() ? await stat(path).catch(() => undefined) : entry
    if (kind === undefined) {
      if (isHql) out.push(path)
    } else if (kind.isDirectory()) out.push(...(await hqlFilesUnder(path, visited)))
    else if (kind.isFile() && isHql) out.push(path)
  }
  return out
}
