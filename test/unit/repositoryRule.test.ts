import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The project's own lint config, run on sources that keep or break the repository rule (ARCHITECTURE.md "The shape of
// an area"). Import checks resolve the imports from the file's folder, so those fixtures sit in an existing area's;
// the SQL checks read only the source, so theirs sit in an area that does not exist: a new area needs no config edit.
const root = path.resolve(import.meta.dirname, '../..');
// no-cycle would walk every module the fixtures import: slow, and not what is checked here.
const eslint = new ESLint({ cwd: root, overrideConfig: { rules: { 'import-x/no-cycle': 'off' } } });

async function problems(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.map((m) => ({ rule: m.ruleId, line: m.line }));
}

describe('the repository rule', { timeout: 30_000 }, () => {
  // Loading the config and its plugins takes a while on a busy machine; the checks then take milliseconds.
  beforeAll(() => problems('server/areas/shortlink/warm.ts', ''), 60_000);

  it('lets a repository import the database layer, domain, the errors and its tables', async () => {
    const code = [
      "import { eq } from 'drizzle-orm';",
      "import type { Db } from '../../infra/db/client';",
      "import { isUuid } from '../../infra/db/uuid';",
      "import { notFound } from '../../infra/http/errors';",
      "import { messages } from '../../../domain/messages';",
      "import { shops } from '../../infra/db/tables';",
      'export const q = (db: Db, id: string) => (isUuid(id) ? db.select().from(shops).where(eq(shops.id, id)) : notFound(messages.x, id));',
    ].join('\n');
    expect(await problems('server/areas/shortlink/repoFixture.ts', code)).toEqual([]);
  });

  it('refuses a repository that imports another area or the auth infrastructure', async () => {
    const code = [
      "import { orderSearch } from '../orders';",
      "import { hashToken } from '../../infra/auth/tokens';",
      'export const both = [orderSearch, hashToken];',
    ].join('\n');
    expect(await problems('server/areas/shortlink/repoFixture.ts', code)).toEqual([
      { rule: 'import-x/no-restricted-paths', line: 1 },
      { rule: 'import-x/no-restricted-paths', line: 2 },
    ]);
  });

  it('refuses SQL in a routes file: the sql tag, drizzle-orm operators and queries on a handle', async () => {
    const code = [
      "import { eq, sql } from 'drizzle-orm';",
      "import type { Db } from '../../infra/db/client';",
      'export const count = (db: Db) => db.execute(sql`SELECT count(*) FROM shops`);',
      'export const byId = (db: Db, id: string) => eq(sql`id`, id);',
    ].join('\n');
    expect(await problems('server/areas/newarea/routes.ts', code)).toEqual([
      { rule: '@typescript-eslint/no-restricted-imports', line: 1 },
      { rule: 'no-restricted-syntax', line: 3 },
      { rule: 'no-restricted-syntax', line: 3 },
      { rule: 'no-restricted-syntax', line: 4 },
    ]);
  });

  it('lets a service open a transaction and hand it to repository functions', async () => {
    const code = [
      "import type { SQL } from 'drizzle-orm';",
      "import type { Db } from '../../infra/db/client';",
      "import { saveThing } from './repo';",
      'export type Where = SQL;',
      'export const save = (db: Db) => db.transaction(async (tx) => saveThing(tx));',
    ].join('\n');
    expect(await problems('server/areas/newarea/service.ts', code)).toEqual([]);
  });
});
