// Writes the API contract (/api/openapi.json) to a file without a database: building the app only registers routes.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../server/serverConfig';
import { connect } from '../server/infra/db/client';
import { buildApp } from '../server/app';
import { createServices } from '../server/infra/services';

const out = process.argv[2] ?? '.tmp/openapi.json';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'servery-openapi-'));
const config = loadConfig({
  NODE_ENV: 'test',
  DATA_DIR: dataDir,
  DATABASE_URL: 'postgres://openapi@127.0.0.1:1/none',
  JWT_SECRET: 'openapi-document-only-openapi-document-only',
  CREDENTIALS_KEY: '0'.repeat(64),
  LOG_LEVEL: 'silent',
});
const database = connect(config.databaseUrl!, 1);
const services = await createServices(config, database, { log: () => undefined });
const app = await buildApp({ services, serveConsole: false });
await app.ready();
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, JSON.stringify(app.swagger(), null, 2));
await app.close();
await services.events.close?.();
await database.pool.end();
fs.rmSync(dataDir, { recursive: true, force: true });
