/**
 * glibc's allocator settings of the server (docs/operations.md, "Memory settings"): at most
 * two arenas (each thread of libuv's pool and each build worker would get one and keep what
 * it freed), and a fixed 128 KB above which memory is mapped and given back when freed
 * (glibc raises that bound, up to 32 MB, each time a larger mapped block is freed, a brotli
 * encoder's window say, and then keeps blocks under it in its heap). On the demo, at the
 * end of a minute of mixed load: 136–148 MB in five runs of seven instead of 170–210 MB
 * (docs/performance.md, "Memory").
 */
export const SERVER_MALLOC_TUNABLES = 'glibc.malloc.arena_max=2:glibc.malloc.mmap_threshold=131072';

/**
 * The preview images' renderer (resvg) has an allocator of its own, mimalloc, which keeps
 * what a render freed for a while before giving it back: 0 gives it back at once. After a
 * minute of load on the demo, 124–129 MB resident instead of 125–136 (docs/performance.md).
 */
export const RENDERER_PURGE_DELAY = '0';

/**
 * The environment `serve` should run with, or undefined when `env` already has malloc
 * tunables (an operator's own, kept as they are with mimalloc's defaults, or ours after
 * the restart). Other tunables are kept, with ours added; so is an operator's
 * `MIMALLOC_PURGE_DELAY`.
 */
export function withServerMallocTunables(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv | undefined {
  const given = env.GLIBC_TUNABLES;
  if (given?.includes('glibc.malloc.')) return undefined;
  return {
    MIMALLOC_PURGE_DELAY: RENDERER_PURGE_DELAY,
    ...env,
    GLIBC_TUNABLES: given ? `${given}:${SERVER_MALLOC_TUNABLES}` : SERVER_MALLOC_TUNABLES,
  };
}
