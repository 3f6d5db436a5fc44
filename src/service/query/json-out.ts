/**
 * An answer's JSON as it is written: short text (keys, brackets, small values) and UTF-8 bytes made once
 * per process (each object's default fields, each fixed context; ./json-text.ts, ./render-text.ts). The
 * bytes are copied as they are into the answer's one buffer. Built as one string, a lookup's 120 KB answer
 * was flattened and UTF-8 encoded on every request, and that took longer than making the answer (measured:
 * ~200 µs of encoding against ~100 µs of rendering; its descriptions hold characters beyond Latin-1, so V8
 * keeps the whole string two bytes a character).
 */
export class JsonOut {
  /** The pieces in order: text (encoded at the end) and shared bytes (copied at the end). */
  private readonly parts: (string | Uint8Array)[] = []
  /** At most how many bytes the pieces make: what one buffer at the end must hold. */
  private bound = 0
  /** Text since the last bytes, joined into one piece. */
  private text = ''

  /** Appends JSON text. */
  str(text: string): void {
    this.text += text
  }

  /** Appends UTF-8 bytes of JSON text (never changed afterwards: they are shared by every answer). */
  bytes(bytes: Uint8Array): void {
    this.flush()
    this.parts.push(bytes)
    this.bound += bytes.length
  }

  /** Appends what another JsonOut holds. */
  append(other: JsonOut): void {
    other.flush()
    this.flush()
    for (const part of other.parts) this.parts.push(part)
    this.bound += other.bound
  }

  /**
   * The whole text in one buffer, allocated once at its greatest possible size and written in one pass: where
   * the pieces were encoded as they came and joined at the end, the many small buffers cost more than the
   * copying.
   */
  toBuffer(): Buffer {
    this.flush()
    const out = Buffer.allocUnsafe(this.bound)
    let at = 0
    for (const part of this.parts)
      if (typeof part === 'string')
        at = part.length <= SHORT_TEXT ? writeShort(out, part, at) : at + out.write(part, at, 'utf8')
      else {
        out.set(part, at)
        at += part.length
      }
    return out.subarray(0, at)
  }

  private flush(): void {
    if (this.text === '') return
    this.parts.push(this.text)
    // At most 3 bytes of UTF-8 per UTF-16 unit (a surrogate pair's two units make 4).
    this.bound += this.text.length * 3
    this.text = ''
  }
}

/** Text at most this long is copied by {@link writeShort}; longer text by the native encoder. */
const SHORT_TEXT = 64

/**
 * Writes `text` at `at` and returns where it ends: its ASCII characters one at a time, the rest (from the first
 * that is not ASCII) by `Buffer#write`. A call into Buffer#write costs about 0.2 µs whatever the length (its
 * argument checks, then the native encoder), and an explore page of 20 writes some 80 short pieces (brackets,
 * keys, a pair's context) between its shared bytes: those calls were about a sixth of the answer's CPU time in a
 * profile of the engine alone, and this made an answer 0.96–0.98 of its CPU time before (bundles of both,
 * alternated in one process).
 */
function writeShort(out: Buffer, text: string, at: number): number {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code >= 0x80) return at + i + out.write(text.slice(i), at + i, 'utf8')
    out[at + i] = code
  }
  return at + text.length
}
