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
      if (typeof part === 'string') at += out.write(part, at, 'utf8')
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
