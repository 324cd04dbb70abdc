/**
 * A preview image's answer once drawn: the server draws a model's cards in the background
 * and answers 503 (Retry-After) until a card is drawn.
 */
export async function drawn<T extends { status: number }>(
  ask: () => Promise<T>,
  timeoutMs = 120_000,
): Promise<T> {
  const until = performance.now() + timeoutMs;
  for (;;) {
    const answer = await ask();
    if (answer.status !== 503 || performance.now() > until) return answer;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
