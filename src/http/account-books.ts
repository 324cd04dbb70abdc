import { LRUCache } from 'lru-cache';
import type { SharedBudgetTable } from '../store/postgres-budgets.js';
import type { AccountBook, Accounts, ClientAccount, Clock, SchoolAccount } from './search-budget.js';

const DAY_MS = 24 * 3_600_000;

/**
 * The accounts in this process's memory (SQLite: each server counts alone). A client's idle a day is full again,
 * so forgotten, as is the one idle longest past `maxAccounts`: rotating addresses gains nothing new addresses would not.
 */
export function memoryBook(clock: Clock, maxAccounts = 50_000): AccountBook {
  const perf = { now: clock };
  const clients = new LRUCache<string, ClientAccount>({
    max: maxAccounts,
    ttl: DAY_MS,
    ttlResolution: 0,
    perf,
  });
  const schools = new Map<string, SchoolAccount>();
  return {
    open(client, school, step) {
      const key = `${client}\n${school}`;
      const accounts: Accounts = { client: clients.get(key), school: schools.get(school) };
      try {
        return step(accounts, clock());
      } finally {
        // Kept even when the search failed, or its client would have what it spent back.
        if (accounts.client !== undefined) clients.set(key, accounts.client);
        if (accounts.school !== undefined) schools.set(school, accounts.school);
      }
    },
  };
}

/** The accounts in a table every replica shares (PostgreSQL), locked together while a search is decided and charged. */
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
