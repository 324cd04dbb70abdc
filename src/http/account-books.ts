import type { SharedBudgetTable } from '../store/postgres-budgets.js';
import type { AccountBook, Accounts, ClientAccount, Clock, SchoolAccount } from './search-budget.js';

const DAY_MS = 24 * 3_600_000;
/** Clients' accounts kept at most; past it the one idle longest is forgotten (its next search starts afresh). */
const MAX_ACCOUNTS = 50_000;

/**
 * The accounts in this process's memory (the SQLite store's servers: each counts alone).
 * A client's account idle a day is forgotten, its buckets being full again and its
 * misses forgiven or expired; so is the one idle longest past `maxAccounts`, which gives
 * an attacker who rotates addresses nothing its new addresses would not get anyway. The
 * schools' accounts, one per school served, are kept.
 */
export function memoryBook(clock: Clock, maxAccounts = MAX_ACCOUNTS): AccountBook {
  /** Least recently used first: an account used again is moved to the end. */
  const clients = new Map<string, { account: ClientAccount; usedAt: number }>();
  const schools = new Map<string, SchoolAccount>();
  return {
    open(client, school, step) {
      const now = clock();
      const key = `${client}\n${school}`;
      const kept = clients.get(key);
      if (kept !== undefined) clients.delete(key);
      const accounts: Accounts = { client: kept?.account, school: schools.get(school) };
      try {
        return step(accounts, now);
      } finally {
        // Kept even when the search failed, or its client would have what it spent back.
        if (kept !== undefined) {
          kept.usedAt = now;
          clients.set(key, kept);
        } else if (accounts.client !== undefined) clients.set(key, { account: accounts.client, usedAt: now });
        if (accounts.school !== undefined) schools.set(school, accounts.school);
        for (const [idleKey, idle] of clients) {
          if (now - idle.usedAt < DAY_MS && clients.size <= maxAccounts) break;
          clients.delete(idleKey);
        }
      }
    },
  };
}

/**
 * The accounts in a table every replica shares (PostgreSQL): a client's at a school and
 * the school's, locked together while a search is decided, run and charged.
 */
export function sharedBook(table: SharedBudgetTable): AccountBook {
  return {
    open: (client, school, step) =>
      table.update([`client\n${client}\n${school}`, `school\n${school}`], (states, now) => {
        const accounts = {
          client: states[0] as ClientAccount | undefined,
          school: states[1] as SchoolAccount | undefined,
        };
        const result = step(accounts, now);
        return { states: [accounts.client!, accounts.school!], result };
      }),
  };
}
