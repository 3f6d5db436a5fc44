// A small reader of zip archives (a .vsix is one): the central directory's entries, each inflated on demand.
// Our own, so the test needs no unzip on the machine.
import { inflateRawSync } from 'node:zlib'

export function readZip(zip: Buffer): Map<string, () => Buffer> {
  // The end of central directory record: signature 0x06054b50, within the last 64 KiB + 22 bytes.
  let end = zip.length - 22
  while (end >= 0 && zip.readUInt32LE(end) !== 0x06054b50) end--
  if (end < 0) throw new Error('not a zip archive: no end of central directory record')
  const count = zip.readUInt16LE(end + 10)
  let at = zip.readUInt32LE(end + 16)
  const entries = new Map<string, () => Buffer>()
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error(`zip: bad central directory entry ${i}`)
    const method = zip.readUInt16LE(at + 10)
    const compressed = zip.readUInt32LE(at + 20)
    const nameLength = zip.readUInt16LE(at + 28)
    const extraLength = zip.readUInt16LE(at + 30)
    const commentLength = zip.readUInt16LE(at + 32)
    const local = zip.readUInt32LE(at + 42)
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8')
    entries.set(name, () => {
      // The local header repeats the name and has its own extra field, so the data starts after both.
      const dataAt = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28)
      const data = zip.subarray(dataAt, dataAt + compressed)
      if (method === 0) return Buffer.from(data)
      if (method === 8) return inflateRawSync(data)
      throw new Error(`zip: ${name} uses compression method ${method}`)
    })
    at += 46 + nameLength + extraLength + commentLength
  }
  return entries
}
