// What a part's scripts do first with its keys: Redis holds whatever anyone wrote there, and a script that failed
// on it (WRONGTYPE, a number that is not one) failed on every call, so the part fell back, its probe passed, and
// it fell back again at the next call, every `retryMs` for good, each process going on alone.
import { script, type Script } from './script'

/**
 * Lua, run at a script's start, that leaves KEYS[i] of the type `types[i]` or absent. A key of another type was
 * left by a tool or a stray command: it is no data of this part, and is deleted, so that the script reads it as
 * absent and writes it anew. A key of type `foreign` is the other part's (one key given to both the token store
 * and the budget, or one's key inside the other's): deleted, the other part would lose its data at each call, so
 * the script is refused instead, and this part stays per process, saying why in its hook's `detail`.
 */
export function ownKeys(types: readonly string[], foreign: string, other: string): string {
  return `
local own_types = { ${types.map((type) => `'${type}'`).join(', ')} }
for i = 1, #own_types do
  local kind = redis.call('TYPE', KEYS[i]).ok
  if kind == '${foreign}' then
    return redis.error_reply('HQLKEY ' .. KEYS[i] .. ' holds a ${foreign}, as ${other} keeps: give each part a key of its own')
  end
  if kind ~= 'none' and kind ~= own_types[i] then redis.call('DEL', KEYS[i]) end
end
`
}

/**
 * A part's probe after a fallback: its own keys made its own as every script of it does first, and a write that
 * expires by itself (`SET <last key> 1 PX ARGV[1]`). A probe that passes where the part's scripts fail (a plain
 * SET on another key, for a key none of them can use) made the part flap; run through a script it also proves
 * that Redis takes scripts (an ACL with -@scripting passed a plain SET).
 */
export const probeScript = (name: string, prelude: string): Script =>
  script(name, `${prelude}\nreturn redis.call('SET', KEYS[#KEYS], '1', 'PX', ARGV[1])`)
