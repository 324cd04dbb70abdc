/** Small hashes, not cryptographic: fingerprints of rows, the demo's generator, keys that keep no text. */

/** The 32-bit FNV-1a hash of a string's UTF-16 units, from `seed` (FNV's offset basis unless given). */
export function fnv1a32(text: string, seed = 0x811c9dc5): number {
  let hash = seed;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

/** Murmur3's finaliser: a bijection on 32-bit integers in which every input bit moves every output bit. */
export function mix32(x: number): number {
  let h = x | 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}
