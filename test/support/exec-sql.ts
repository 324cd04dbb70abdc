import Database from 'better-sqlite3';
import type { StoreLocation } from '../../src/config/index.js';
import { adminQuery } from './postgres.js';

/** Runs SQL on the store as an operator's shell would (`sqlite3`, `psql`). */
export async function execSql(location: StoreLocation, sql: string): Promise<void> {
  if (location.engine === 'postgres') {
    await adminQuery(sql, location.url);
    return;
  }
  const db = new Database(location.path);
  try {
    db.exec(sql);
  } finally {
    db.close();
  }
}
