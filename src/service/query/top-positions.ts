/**
 * The best `k` of `n` titles, by position in graph.media, ordered as relate orders titles: higher score first,
 * then the graph's tie order (`ties[i]`: popularity descending, then mhid; see GraphIndex.tieRanks). Only
 * numbers are compared and moved: a relate reaches ~2,400 titles and shows 20, so making an object of each
 * and sorting those (the way before) cost most of its time and its garbage. `kept` holds the candidates'
 * positions in its first `n` entries. Returns the first min(k, n) positions in order; the order is total
 * (ties are distinct ranks), so these are exactly a full sort's first entries.
 */
export function topPositions(
  kept: Int32Array,
  n: number,
  k: number,
  scores: Float64Array,
  ties: Int32Array,
): Int32Array {
  // Whether position a comes before position b.
  const before = (a: number, b: number): boolean => {
    const sa = scores[a] as number
    const sb = scores[b] as number
    return sa > sb || (sa === sb && (ties[a] as number) < (ties[b] as number))
  }
  const compare = (a: number, b: number): number => (a === b ? 0 : before(a, b) ? -1 : 1)
  // A head of more than a quarter of the list: the full sort is as quick, and simpler.
  if (k * 4 >= n) return kept.slice(0, n).sort(compare).subarray(0, Math.min(k, n))
  if (k <= 0) return new Int32Array(0)
  // A max-heap of the k best seen so far (its root the worst of them, the one to evict).
  const heap = kept.slice(0, k)
  const siftDown = (at: number): void => {
    const item = heap[at] as number
    let i = at
    for (;;) {
      let child = 2 * i + 1
      if (child >= k) break
      if (child + 1 < k && before(heap[child] as number, heap[child + 1] as number)) child++
      if (!before(item, heap[child] as number)) break
      heap[i] = heap[child] as number
      i = child
    }
    heap[i] = item
  }
  for (let i = (k >> 1) - 1; i >= 0; i--) siftDown(i)
  for (let j = k; j < n; j++) {
    const item = kept[j] as number
    if (before(item, heap[0] as number)) {
      heap[0] = item
      siftDown(0)
    }
  }
  return heap.sort(compare)
}
