import { typeOfId } from '../model'

// A plain text table of result items: one row per item, the columns every object has.

type Pair = { readonly object?: Record<string, unknown>; readonly silo?: string }

const columns = ['#', 'type', 'id', 'name', 'released'] as const

const typeOf = (id: string): string => typeOfId(id) ?? ''

function cells(item: Pair, index: number): string[] {
  const object = item.object ?? {}
  const id = String(object.altId ?? object.mhid ?? '')
  const released =
    typeof object.releaseDate === 'number'
      ? new Date(object.releaseDate * 1000).toISOString().slice(0, 10)
      : ''
  return [String(index + 1), typeOf(String(object.mhid ?? id)), id, String(object.name ?? ''), released]
}

/** Renders items as an aligned table; items of a silos query are grouped under their silo's title. */
export function renderTable(items: readonly Pair[]): string {
  const rows: string[][] = []
  let silo: string | undefined
  const out: string[] = []
  const flush = () => {
    if (rows.length === 0) return
    const all = [[...columns], ...rows]
    const widths = columns.map((_, c) => Math.max(...all.map((row) => (row[c] ?? '').length)))
    for (const row of all)
      out.push(
        row
          .map((cell, c) => cell.padEnd(widths[c] ?? 0))
          .join('  ')
          .trimEnd(),
      )
    rows.length = 0
  }
  items.forEach((item, index) => {
    if (item.silo !== undefined && item.silo !== silo) {
      flush()
      silo = item.silo
      out.push(out.length === 0 ? `== ${silo}` : `\n== ${silo}`)
    }
    rows.push(cells(item, index))
  })
  flush()
  return out.length === 0 ? '(no results)\n' : out.join('\n') + '\n'
}
