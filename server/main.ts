import fs from 'node:fs';
import pino from 'pino';
import pinoPretty from 'pino-pretty';
import { ConfigError } from './config';
import { loadConfig } from './serverConfig';
import { connect } from './infra/db/client';
import { DataDirInUseError, startEmbeddedPostgres, type EmbeddedDatabase } from './infra/db/embedded';
import { isConnectionError, runMigrations } from './infra/db/migrate';
import { createServices } from './infra/services';
import { buildApp } from './app';
import { loggableError } from './infra/http/errors';
import { areas } from './areas';
import { schema } from './schema';

const started = Date.now();
const demo = process.argv.includes('--demo');

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(78);
    }
    throw e;
  }
  // People read a terminal; machines read everything else (a log collector gets one JSON object per line). One
  // stream, written in this thread, for our log and Fastify's: lines appear in the order they were logged, so the
  // demo's summary can come after them; and when the last line was written, for the demo to wait for quiet.
  const out = process.stdout.isTTY
    ? pinoPretty({ translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname', sync: true })
    : pino.destination({ fd: 1, sync: true });
  let lastLineAt = Date.now();
  const stream = {
    write(line: string) {
      lastLineAt = Date.now();
      out.write(line);
    },
  };
  const log = pino({ level: config.logLevel }, stream);
  // The demo's terminal is for the person trying it: a line per request only when asked for (LOG_LEVEL=debug).
  const requestLogs = !demo || log.isLevelEnabled('debug');

  let embedded: EmbeddedDatabase | undefined;
  let url = config.databaseUrl;
  if (!url) {
    log.info(`Starting the embedded PostgreSQL in ${config.dataDir}/pg`);
    try {
      embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, log: (m) => log.debug({ pg: m }), notice: (m) => log.warn(m) });
    } catch (e) {
      log.fatal((e as Error).message);
      process.exit(e instanceof DataDirInUseError ? 75 : 1);
    }
    url = embedded.url;
  }

  const database = connect(url, config.databasePoolMax, schema, {
    directUrl: embedded ? url : config.databaseDirectUrl,
    unnamedStatements: config.unnamedStatements,
  });
  try {
    // A supervisor may start us while the database restarts: wait for it a while rather than exit at once.
    for (const giveUpAt = Date.now() + config.databaseWaitSeconds * 1000; ;) {
      try {
        await runMigrations(database);
        break;
      } catch (e) {
        if (!isConnectionError(e) || Date.now() > giveUpAt) throw e;
        log.warn(`The database did not answer (${(e as Error).message}); trying again`);
        await new Promise((r) => setTimeout(r, 1000));
      }
    }
  } catch (e) {
    log.fatal({ err: loggableError(e) }, 'Database migration failed');
    await database.pool.end().catch(() => undefined);
    await embedded?.stop().catch(() => undefined);
    process.exit(1);
  }

  const services = await createServices(config, database, { log: (m) => log.info(m) });
  let demoNotes: string[] = [];
  if (demo) {
    const { loadDemo } = await import('./demo');
    demoNotes = await loadDemo(services, (m) => log.info(m));
  }
  const app = await buildApp({ services, logger: { level: config.logLevel, stream }, requestLogs });
  await app.listen({ port: config.port, host: config.host });
  // The areas' background jobs (the nightly Stripe reconciliation …), once the app listens.
  const stopJobs = areas.flatMap((area) => area.jobs ?? []).map((start) => start(services, log));

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info(`${signal}: finishing requests in flight and stopping`);
    const force = setTimeout(() => {
      log.error('Shutdown took over 20 s; exiting');
      process.exit(1);
    }, 20_000);
    force.unref();
    try {
      for (const stop of stopJobs) stop();
      await app.close(); // stops accepting, waits for requests in flight
      await services.replica.close();
      await database.pool.end();
      await embedded?.stop();
      services.mailer.close?.();
      process.exit(0);
    } catch (e) {
      log.error({ err: loggableError(e) }, 'Shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  // Said only once the signals are handled: whoever waits for this line may stop the server right after it.
  log.info(`Servery is ready at ${config.publicUrl} (started in ${Date.now() - started} ms)`);
  if (demoNotes.length === 0) return;
  // The jobs' first runs and the demo's first orders and their mails (sent by the queue, a poll later) log just after
  // start-up: the summary waits for the log to stay quiet longer than a poll (at most DEMO_SUMMARY_WAIT_MS), so that
  // it is the last thing on the screen.
  const quietMs = config.jobs.pollSeconds * 1000 + 1000;
  const waitUntil = Date.now() + DEMO_SUMMARY_WAIT_MS;
  while (Date.now() - lastLineAt < quietMs && Date.now() < waitUntil) await new Promise((r) => setTimeout(r, 100));
  const summary = [
    ...demoNotes,
    `Sign in at ${config.publicUrl}/login`,
    ...(requestLogs ? [] : ['Requests are logged with LOG_LEVEL=debug.']),
  ];
  // Plain lines, not log records: whoever ran `npm run demo` reads them to sign in, even when the log is JSON. Written
  // at once, like the log, so no log line lands in the middle.
  fs.writeSync(1, `\n${summary.join('\n')}\n\n`);
}

/** The longest the demo's summary waits for a quiet log after start-up. */
const DEMO_SUMMARY_WAIT_MS = 15_000;

main().catch((e) => {
  // A failure while loading demo data or starting services can carry query parameters (password hashes).
  console.error(loggableError(e));
  process.exit(1);
});
