import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { CHANGE_CHANNEL } from './postgres-schema.js';

const FIRST_RETRY_MS = 250;
const MAX_RETRY_MS = 5_000;
/** How long closing may wait for the server to acknowledge; a dead link is simply dropped. */
const CLOSE_WAIT_MS = 1_000;
/** `cannot execute LISTEN during recovery`: a hot standby. */
const READ_ONLY_TRANSACTION = '25006';

/** Resolves when `promise` settles or after `ms`, whichever comes first; never rejects. */
export async function settleWithin(promise: Promise<unknown>, ms: number): Promise<void> {
  await Promise.race([promise.catch(() => undefined), sleep(ms, undefined, { ref: false })]);
}

/**
 * Calls `onChange` for every notification, and once back after a loss (reopened with backoff).
 * On a hot standby it stops: the polling of the counters keeps the server fresh.
 */
export class ChangeListener {
  private client: pg.Client | undefined;
  private retry: NodeJS.Timeout | undefined;
  private failures = 0;
  private closed = false;

  constructor(
    private readonly config: pg.ClientConfig,
    private readonly onChange: () => void,
  ) {
    void this.connect();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retry);
    const client = this.client;
    this.client = undefined;
    if (client) await settleWithin(client.end(), CLOSE_WAIT_MS);
  }

  private async connect(): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client(this.config);
    this.client = client;
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    client.on('notification', (message) => {
      if (message.channel === CHANGE_CHANNEL) this.onChange();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANGE_CHANNEL}`);
      if (this.closed || this.client !== client) return;
      this.failures = 0;
      this.onChange();
    } catch (error) {
      if ((error as { code?: unknown }).code === READ_ONLY_TRANSACTION) this.closed = true;
      this.lost(client);
    }
  }

  private lost(client: pg.Client): void {
    if (this.client !== client) return;
    this.client = undefined;
    void settleWithin(client.end(), CLOSE_WAIT_MS);
    if (this.closed) return;
    const delay = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** this.failures++);
    this.retry = setTimeout(() => void this.connect(), delay * (0.75 + Math.random() * 0.5));
    this.retry.unref();
  }
}
