import { parseDocumentCollecting, printDocument } from '../text'

/** The canonical text of a document (`hql fmt`'s printer), or undefined when it has syntax errors. */
export function formatDocument(text: string): string | undefined {
  const { document, errors } = parseDocumentCollecting(text)
  return errors.length > 0 ? undefined : printDocument(document)
}
