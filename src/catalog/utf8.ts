import { isUtf8 } from 'node:buffer'
import { HqlSyntaxError, makeSource } from '../text'

// A file is read as UTF-8, strictly: Node's readFile(path, 'utf8') puts U+FFFD in place of a byte that is no
// UTF-8 (a Latin-1 `é`, 0xE9), so `hql check` called the file ok and `hql fmt` wrote U+FFFD back, the byte lost.

/**
 * The text of a file's bytes; with `error` at the first byte that is no part of a UTF-8 character when there is
 * one (the text then has U+FFFD for the bad bytes: for the error's code frame, not to be written anywhere).
 */
export interface DecodedText {
  readonly text: string
  readonly error?: HqlSyntaxError
}

/**
 * Decodes a file's bytes as UTF-8 (a byte order mark is kept, as readFile keeps it). A file that is not UTF-8
 * gets an HqlSyntaxError at the line and column of its first bad byte, naming the byte.
 *
 * @example
 * decodeUtf8(Buffer.from('# Caf\xe9', 'latin1'), 'a.hql').error?.message
 * // 'a.hql:1:6: not UTF-8: byte 0xE9 is no part of a UTF-8 character; save the file as UTF-8'
 */
export function decodeUtf8(bytes: Uint8Array, path: string): DecodedText {
  const decoder = new TextDecoder('utf-8', { ignoreBOM: true })
  if (isUtf8(bytes)) return { text: decoder.decode(bytes) }
  const bad = firstBadByte(bytes)
  const text = decoder.decode(bytes)
  // The bytes before the bad one are whole characters: their text's length is the bad byte's offset.
  const offset = decoder.decode(bytes.subarray(0, bad)).length
  const byte = `0x${bytes[bad]!.toString(16).toUpperCase().padStart(2, '0')}`
  const reason = `not UTF-8: byte ${byte} is no part of a UTF-8 character; save the file as UTF-8`
  return {
    text,
    error: new HqlSyntaxError(makeSource(text, path), offset, 'UTF-8 text', `byte ${byte}`, reason),
  }
}

/**
 * The offset of the first byte that does not begin a well-formed UTF-8 character (Unicode's table 3-7: no
 * overlong form, no surrogate, nothing past U+10FFFF), or of a character cut short. Called only on bytes
 * `isUtf8` refused, so there is one.
 */
function firstBadByte(bytes: Uint8Array): number {
  let i = 0
  while (i < bytes.length) {
    const lead = bytes[i]!
    if (lead < 0x80) {
      i++
      continue
    }
    const more =
      lead >= 0xc2 && lead <= 0xdf
        ? 1
        : lead >= 0xe0 && lead <= 0xef
          ? 2
          : lead >= 0xf0 && lead <= 0xf4
            ? 3
            : 0
    if (more === 0) return i
    // The second byte's range narrows after E0, ED, F0 and F4; the others are 80–BF.
    const low = lead === 0xe0 ? 0xa0 : lead === 0xf0 ? 0x90 : 0x80
    const high = lead === 0xed ? 0x9f : lead === 0xf4 ? 0x8f : 0xbf
    for (let k = 1; k <= more; k++) {
      const next = bytes[i + k]
      if (next === undefined || next < (k === 1 ? low : 0x80) || next > (k === 1 ? high : 0xbf)) return i
    }
    i += more + 1
  }
  return i
}
