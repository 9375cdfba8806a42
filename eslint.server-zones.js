// The server's and domain's import boundaries, as import-x/no-restricted-paths zones (paths relative to the repository).
import fs from 'node:fs';
import path from 'node:path';

const AREAS = 'server/areas';
/** What builds the app from the list of areas: areas and infrastructure are listed there and never read it. */
const ASSEMBLY = [
  './server/areas/index.ts',
  './server/app.ts',
  './server/routes.ts',
  './server/schema.ts',
  './server/demo.ts',
  './server/main.ts',
  './server/serverConfig.ts',
  './server/cli',
];

export const REPOSITORY_FILES = 'server/areas/*/repo*.ts';

/**
 * A repository (ARCHITECTURE.md "The shape of an area") imports only the database layer, domain/ (outside server/,
 * so not restricted here), the error classes and the tables and repositories of an area; the per-area zones of
 * serverBoundaryZones() already keep another area's tables and repositories out.
 */
export function repositoryZones() {
  const root = import.meta.dirname;
  return [
    {
      target: `./${REPOSITORY_FILES}`,
      from: './server/**',
      except: [
        `${root}/server/infra/db/**`,
        `${root}/server/infra/http/errors.*`, // a glob, as `from` is one
        `${root}/${AREAS}/*/tables.ts`,
        `${root}/${REPOSITORY_FILES}`,
      ],
      message:
        "A repository imports only server/infra/db, domain/, the error classes and its area's tables and repositories: " +
        'the caller hands it ids, hashes and rows, and what needs more belongs in a service.',
    },
  ];
}

const HANDLE = '/^(db|tx|trx|transaction|client|pool)$/';
const QUERY_METHOD = '/^(select|selectDistinct|selectDistinctOn|insert|update|delete|execute|query|with|\\$with|\\$count)$/';
const SQL_MESSAGE = "SQL lives in the area's repo*.ts: call a repository function (another area's through its index.ts).";

/**
 * Outside a repository (and tables.ts, which declares tables with drizzle-orm/pg-core) an area builds and runs no SQL:
 * no sql`…`, no drizzle-orm operators or query builders, no pg cursor, no query method on a database handle (db, tx,
 * pool, any `.db`). Opening a transaction (db.transaction(async (tx) => …)) and handing db or tx to repository
 * functions is allowed: that decides what commits together, not what the SQL is. Type imports stay allowed.
 */
export const sqlOnlyInRepositories = {
  '@typescript-eslint/no-restricted-imports': [
    'error',
    {
      paths: ['drizzle-orm', 'drizzle-orm/pg-core', 'drizzle-orm/node-postgres', 'pg', 'pg-query-stream'].map((name) => ({
        name,
        message: SQL_MESSAGE,
        allowTypeImports: true,
      })),
    },
  ],
  'no-restricted-syntax': [
    'error',
    { selector: 'TaggedTemplateExpression[tag.name="sql"]', message: SQL_MESSAGE },
    { selector: `MemberExpression[object.name=${HANDLE}][property.name=${QUERY_METHOD}]`, message: SQL_MESSAGE },
    { selector: `MemberExpression[object.property.name=/^(db|pool)$/][property.name=${QUERY_METHOD}]`, message: SQL_MESSAGE },
  ],
};

export function serverBoundaryZones() {
  const areas = fs
    .readdirSync(path.join(import.meta.dirname, AREAS), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  return [
    {
      target: './domain',
      from: ['./server', './src', './resources', './providers'],
      message: 'domain/ is shared by the console and the server, and imports neither.',
    },
    {
      target: './server/infra',
      from: ['./server/areas', ...ASSEMBLY],
      message: 'Infrastructure is what every area uses; it imports no area (an area hands it what it needs).',
    },
    { target: './server/areas', from: ASSEMBLY, message: 'Areas are listed in server/areas/index.ts; they do not read the list.' },
    // An area reaches another only through that area's index.ts (its manifest and what it exports for others).
    ...areas.flatMap((area) =>
      areas
        .filter((other) => other !== area)
        .map((other) => ({
          target: `./${AREAS}/${area}`,
          from: `./${AREAS}/${other}`,
          except: ['./index.ts'],
          message: `Import the ${other} area through its index.ts.`,
        })),
    ),
  ];
}
