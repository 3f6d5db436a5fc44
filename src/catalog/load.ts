import { readFile, readdir, stat } from 'node:fs/promises'
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
      for (const file of await hqlFilesUnder(root))
        found.push({ path: file, relativePath: relative(root, file).split(sep).join('/') })
    } else found.push({ path: root, relativePath: basename(root) })
  }
  found.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
  const files: CatalogFile[] = []
  for (const { path, relativePath } of found) files.push(await readCatalogFile(path, relativePath))
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

async function hqlFilesUnder(directory: string): Promise<string[]> {
  const out: string[] = []
  const entries = await readdir(directory, { withFileTypes: true })
  for (const entry of entries) {
    if (entry.name.startsWith('.') || entry.name === 'node_modules') continue
    const path = join(directory, entry.name)
    if (entry.isDirectory()) out.push(...(await hqlFilesUnder(path)))
    else if (entry.isFile() && entry.name.endsWith('.hql')) out.push(path)
  }
  return out
}
