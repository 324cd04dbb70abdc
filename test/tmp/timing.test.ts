import { it } from 'vitest';
import { createPostgresFixture } from '../support/postgres-fixture.js';
import { createTestDatabase } from '../support/postgres.js';
import { PostgresStore } from '../../src/store/postgres-store.js';
it('times', async () => {
  for (let i = 0; i < 3; i++) {
    let t = Date.now();
    const db = await createTestDatabase();
    const t1 = Date.now() - t;
    t = Date.now();
    const s = new PostgresStore(db.url);
    await s.migrate();
    await s.close();
    const t2 = Date.now() - t;
    t = Date.now();
    await db.drop();
    console.log('create', t1, 'migrate', t2, 'drop', Date.now() - t);
  }
  const t = Date.now();
  const f = await createPostgresFixture();
  await f.dispose();
  console.log('fixture', Date.now() - t);
});
