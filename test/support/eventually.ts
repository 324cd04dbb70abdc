/**
 * Polls `check` until it holds and returns how long that took (ms); a check that throws
 * counts as not yet. Fails after `withinMs`.
 */
export async function eventually(check: () => Promise<boolean>, withinMs = 10_000): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < withinMs) {
    if (await check().catch(() => false)) return performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`condition not met within ${withinMs} ms`);
}
