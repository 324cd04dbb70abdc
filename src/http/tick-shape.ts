import { executionAsyncResource } from 'node:async_hooks';

let keptTick: object | undefined;

/**
 * Keeps one of Node's `process.nextTick` objects alive while the process lives.
 *
 * Why: Node makes that object as a literal with symbol keys, and V8 turns the site that
 * makes it megamorphic for good the first time it sees a second map there. In a quiet
 * spell no tick object is alive, so V8's memory reducer collects their map; the next
 * tick gets a new one, and every tick from then on goes through V8's runtime: the small
 * answers fell from about 1.0× to 0.75× the raw server (docs/performance.md). One object
 * kept alive keeps its map, and the site stays fast.
 */
export function keepTickObjectShape(): void {
  if (keptTick !== undefined) return;
  // Inside a tick's callback, the executing resource is that tick's object.
  process.nextTick(() => (keptTick = executionAsyncResource()));
}
