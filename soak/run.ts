import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { MailCapture, type CapturedMail } from '../test/helpers/mail';
import { checkActions, checkAlertMails, checkDashboards, checkPlacements, percentile, printChecks, unalerted, type Check } from './checks';
import { dashboards } from './dashboards';
import { startDatabase, startFleet, type Fleet } from './fleet';
import { seed } from './seed';
import { retryReasons, runTraffic, type Placed } from './traffic';
import { checkWebhooks } from './webhookChecks';
import { addSoakEndpoints, deliveryStates, expectedWebhooks, unhooked, type SoakEndpoints } from './webhooks';

/*
 * npm run soak: three server processes on one PostgreSQL, 100 shops, 300 dashboards, customers ordering and booking
 * at a steady rate, staff accepting and rejecting; meanwhile a process is SIGKILLed every 20 s (and re-spawned, as a
 * supervisor would), PostgreSQL restarts once, the SMTP receiver is down for 30 s. Then it checks that nothing was
 * lost or doubled and prints the latencies; it exits non-zero on any failed check. Each shop has a webhook endpoint on
 * a loopback receiver, which answers 503 for WEBHOOK_DOWN_S; every order's webhooks are counted like its alert mail.
 */
const SECONDS = Number(process.env.SOAK_SECONDS ?? 180);
const PROCESSES = Number(process.env.SOAK_PROCESSES ?? 3);
const SHOPS = Number(process.env.SOAK_SHOPS ?? 100);
const DASHBOARDS = Number(process.env.SOAK_DASHBOARDS ?? 300);
/** Orders and bookings a second, together (one in five is a booking). */
const RATE = Number(process.env.SOAK_RATE ?? 50);
const KILL_EVERY_S = 20;
const SMTP_DOWN_S = 30;
/**
 * Shorter than the first webhook retry delay (30 s): a delivery the outage refuses is tried again once it is over,
 * so no delivery backs off to the 2-minute retry and the run is not lengthened by it.
 */
const WEBHOOK_DOWN_S = 15;
/** How long the checks wait, after the traffic, for the last alert mails and webhooks (see the wait below). */
const DELIVERY_WAIT_S = 300;
/** How long each process may take to answer /api/health again once PostgreSQL is back, without a re-spawn. */
const HEALTH_AFTER_PG_S = 30;
/** How long the mail check waits for the first alert before it says the server sends none. */
const FIRST_MAIL_S = 30;
const JWT_SECRET = 'soak-secret-soak-secret-soak-secret-0123456789';

const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const log = (t0: number, m: string) => console.log(`[${((now() - t0) / 1000).toFixed(1).padStart(6)} s] ${m}`);

async function main() {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'servery-soak-'));
  const started = now();
  const say = (m: string) => log(started, m);
  let fleet: Fleet | undefined;
  let database: Awaited<ReturnType<typeof startDatabase>> | undefined;
  let pool: pg.Pool | undefined;
  // The SMTP receiver, and the ones that replace it after its outage (same port): all their mails count.
  const receivers: MailCapture[] = [await new MailCapture({ closeTimeoutMs: 1 }).start()];
  const smtpPort = Number(new URL(receivers[0].url).port);
  let current: MailCapture | null = receivers[0];
  const mails = (): CapturedMail[] => receivers.flatMap((r) => r.messages);
  let hooks: SoakEndpoints | undefined;
  try {
    say(`soak: ${SECONDS} s, ${PROCESSES} server processes, ${SHOPS} shops, ${DASHBOARDS} dashboards, ${RATE} orders+bookings/s`);
    database = await startDatabase(workDir);
    say(`database: ${database.source}`);
    fleet = await startFleet({ size: PROCESSES, databaseUrl: database.url, smtpUrl: receivers[0].url, workDir });
    const f = fleet;
    say(`servers up on ports ${f.ports.join(', ')}`);
    const seeded = await seed(database.url, { shops: SHOPS, dashboards: DASHBOARDS, jwtSecret: JWT_SECRET });
    say(`seeded ${seeded.shops.length} shops, ${seeded.dashboardTokens.length} dashboard sessions`);
    const streams = seeded.dashboardTokens.map((_, d) => seeded.shops[d % seeded.shops.length].id);
    const boards = dashboards({ ports: f.ports, streams, tokens: seeded.dashboardTokens });
    const opened = await boards.ready;
    say(`${opened} of ${streams.length} dashboards open`);
    hooks = await addSoakEndpoints(f.ports, seeded.shops);
    const receiver = hooks.receiver;
    say(`${hooks.secretByPath.size} webhook endpoints (order.placed, order.accepted) on ${receiver.url}/<shop>`);

    // The faults, on a timeline relative to the start of the traffic.
    const faults: { at: number; what: string }[] = [];
    const failures: Check[] = [];
    let stop = false;
    let smtpBackAt = 0;
    const trafficStart = now();
    const timers: NodeJS.Timeout[] = [];
    const at = (s: number, run: () => Promise<void> | void) =>
      timers.push(
        setTimeout(() => {
          if (!stop) void Promise.resolve(run()).catch((e: unknown) => say(`fault failed: ${String(e)}`));
        }, s * 1000),
      );
    let killed = 0;
    for (let s = KILL_EVERY_S; s < SECONDS; s += KILL_EVERY_S) {
      at(s, () => {
        const m = f.members[killed++ % f.members.length];
        if (f.kill(m)) {
          faults.push({ at: now(), what: `SIGKILL server ${m.index}` });
          say(`SIGKILL server ${m.index} (re-spawned at once)`);
        }
      });
    }
    const smtpDownAt = Math.round(SECONDS * 0.15);
    at(smtpDownAt, async () => {
      faults.push({ at: now(), what: 'SMTP down' });
      say(`SMTP receiver down for ${SMTP_DOWN_S} s`);
      const down = current!;
      current = null;
      await down.close();
      await sleep(SMTP_DOWN_S * 1000);
      current = await new MailCapture({ closeTimeoutMs: 1 }).start(smtpPort);
      receivers.push(current);
      smtpBackAt = now();
      say('SMTP receiver back');
    });
    let hooksDown = false;
    at(Math.round(SECONDS * 0.35), async () => {
      faults.push({ at: now(), what: 'webhook receiver down' });
      say(`webhook receiver answers 503 for ${WEBHOOK_DOWN_S} s`);
      hooksDown = true;
      receiver.answer = 'down';
      await sleep(WEBHOOK_DOWN_S * 1000);
      receiver.answer = 'ok';
      hooksDown = false;
      say('webhook receiver back');
    });
    let pgRestart: Check = { name: 'PostgreSQL restart', ok: true, detail: 'skipped (DATABASE_URL is not ours to restart)' };
    const db = database;
    if (db.restart) {
      at(Math.round(SECONDS * 0.6), async () => {
        const spawnsBefore = f.members.map((m) => m.spawns);
        faults.push({ at: now(), what: 'PostgreSQL restart' });
        say('PostgreSQL: fast shutdown and start');
        const { stopMs, startMs, log: pgLog } = await db.restart!();
        const downMs = stopMs + startMs;
        say(`PostgreSQL back after ${downMs} ms (stop ${stopMs} ms, start ${startMs} ms)`);
        if (downMs > 10_000) say(`PostgreSQL's log:\n    ${pgLog.join('\n    ')}`);
        const t = now();
        const answers = await Promise.all(
          f.members.map(async (m) => ((await f.healthy(m, HEALTH_AFTER_PG_S * 1000)) ? Math.round(now() - t) : null)),
        );
        // A process the soak re-spawned for its own kill in the meantime proves nothing about coming back by itself.
        const own = (i: number) => f.members[i].spawns === spawnsBefore[i];
        const slow = f.members.filter((_, i) => answers[i] === null && own(i)).map((m) => `server ${m.index}`);
        const times = answers.map((ms, i) => `${ms === null ? 'no answer' : `${ms} ms`}${own(i) ? '' : ' (re-spawned by a kill)'}`);
        pgRestart = {
          name: 'every process answered /api/health after the PostgreSQL restart',
          ok: slow.length === 0,
          detail:
            (slow.length ? `${slow.join(', ')} did not answer within ${HEALTH_AFTER_PG_S} s; ` : '') +
            `PostgreSQL down ${downMs} ms, then health ok after ${times.join(', ')}`,
        };
        say(pgRestart.detail);
      });
    }

    let firstOrderAt = 0;
    const traffic = await runTraffic({
      ports: f.ports,
      shops: seeded.shops,
      rate: RATE,
      seconds: SECONDS,
      shouldStop: () => false,
      onPlaced: (p: Placed) => {
        if (p.kind === 'order' && !firstOrderAt) firstOrderAt = now();
      },
    });
    stop = true;
    timers.forEach(clearTimeout);
    say(`traffic done: ${traffic.placed.length} requests, ${traffic.actions.length} staff actions`);
    // A fault still under way (the SMTP outage, a restart) ends before the checks.
    while (!current || hooksDown) await sleep(200);

    pool = new pg.Pool({ connectionString: database.url, max: 2 });
    // Dashboards catch up: each reaches its shop's last event, or 30 s pass.
    const lastSeq = new Map(
      (
        await pool.query<{ shop_id: string; seq: number }>('SELECT shop_id::text, max(seq)::int AS seq FROM shop_events GROUP BY shop_id')
      ).rows.map((r) => [r.shop_id, r.seq]),
    );
    for (const until = now() + 30_000; now() < until; await sleep(500)) {
      const last = await boards.progress();
      if (streams.every((shopId, i) => (last[i] ?? -1) >= (lastSeq.get(shopId) ?? 0))) break;
    }
    const board = await boards.stop();

    // Alert mails: on when the server sends them (one arrived within FIRST_MAIL_S of the first order and of the
    // receiver being back); then every order's mail is waited for (below).
    const isAlert = (m: CapturedMail) => /soak\+\d+@soak\.test/i.test(m.to);
    const firstWait = Math.max(firstOrderAt, smtpBackAt) + FIRST_MAIL_S * 1000;
    while (!mails().some(isAlert) && now() < firstWait) await sleep(500);
    const mailsOn = mails().some(isAlert);
    // A job left running by a killed process is retried once it expires (a minute) and the queue's maintenance finds it
    // (20 s), after its retry delay (30 s, doubling); an alert passes two jobs (fan-out, then its mail), so an unlucky
    // draw of faults delays one by a few minutes. Waited for up to five, and what is still queued is said.
    const mailWaitStart = now();
    if (mailsOn)
      for (const until = now() + DELIVERY_WAIT_S * 1000; now() < until && unalerted(mails(), traffic.placed) > 0;) await sleep(500);
    if (mailsOn) {
      const waiting = unalerted(mails(), traffic.placed);
      say(`alert mails: waited ${((now() - mailWaitStart) / 1000).toFixed(1)} s after the traffic; ${waiting} order(s) still unmailed`);
      if (waiting > 0) {
        const { rows } = await pool.query<{ name: string; state: string; n: number }>(
          `SELECT name, state::text, count(*)::int AS n FROM pgboss.job WHERE name LIKE 'alerts-%' AND state <> 'completed'
           GROUP BY 1, 2 ORDER BY 1, 2`,
        );
        say(`alert jobs not completed: ${rows.map((r) => `${r.name} ${r.state} ${r.n}`).join(', ') || 'none'}`);
      }
    }

    // Webhooks: the same wait (a delivery held by a killed process's job goes again when that job expires), from the
    // end of the traffic: what arrived during the mail wait counts.
    let expected = await expectedWebhooks(pool);
    for (const until = mailWaitStart + DELIVERY_WAIT_S * 1000; now() < until && unhooked(receiver.received, expected) > 0;) {
      await sleep(1000);
      expected = await expectedWebhooks(pool);
    }
    {
      const waiting = unhooked(receiver.received, expected);
      const states = await deliveryStates(pool);
      say(
        `webhooks: waited ${((now() - mailWaitStart) / 1000).toFixed(1)} s after the traffic; ${waiting} still missing; ` +
          `${states.refused} attempts failed and ${states.retried} deliveries went through on a retry; not through: ${states.unsettled}`,
      );
    }

    const checks: Check[] = [];
    checks.push(...(await checkPlacements(pool, traffic.placed)));
    checks.push(...(await checkActions(pool, traffic.actions)));
    checks.push(await checkDashboards(pool, streams, board));
    if (mailsOn) checks.push(checkAlertMails(mails(), traffic.placed, await orderNumbers(pool)));
    checks.push(checkWebhooks(hooks, expected));
    const crashes = f.members.flatMap((m) => m.crashes);
    checks.push({
      name: 'no process needed a hand (only the soak’s kills were re-spawned)',
      ok: crashes.length === 0,
      detail: `${killed} kills, ${f.members.reduce((n, m) => n + m.spawns, 0) - f.members.length} re-spawns, ${crashes.length} crashes`,
      examples: crashes,
    });
    checks.push(pgRestart);
    checks.push(...failures);

    console.log('');
    printChecks(checks);
    if (!mailsOn) console.log('      alert mails: not checked (this server sends none)');
    console.log('');
    printLatencies(
      traffic.placed,
      board.arrivals,
      faults.map((x) => x.at),
    );
    const reasons = [...retryReasons].sort((a, b) => b[1] - a[1]).map(([r, n]) => `${r} ${n}`);
    console.log(`\nsent again after: ${reasons.join(', ') || 'nothing'}`);
    const failed = checks.filter((c) => !c.ok).length;
    console.log(
      `\nsoak: ${failed ? `${failed} check(s) FAILED` : 'nothing lost'} ` +
        `(${Math.round((now() - started) / 1000)} s in all, traffic ${Math.round((now() - trafficStart) / 1000)} s)`,
    );
    process.exitCode = failed ? 1 : 0;
  } finally {
    await pool?.end().catch(() => undefined);
    await fleet?.stop().catch(() => undefined);
    await database?.stop().catch((e: unknown) => console.error('database stop failed', e));
    await Promise.all(receivers.map((r) => r.close().catch(() => undefined)));
    await hooks?.receiver.close().catch(() => undefined);
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}

/** Orders' numbers, when the schema has them, so an alert mail can be matched on the number it shows. */
async function orderNumbers(pool: pg.Pool): Promise<Map<string, string>> {
  const has = await pool.query(`SELECT 1 FROM information_schema.columns WHERE table_name = 'orders' AND column_name = 'number'`);
  if (!has.rowCount) return new Map();
  const rows = await pool.query<{ id: string; number: string }>('SELECT id::text, number::text FROM orders');
  return new Map(rows.rows.map((r) => [r.id, r.number]));
}

function printLatencies(placed: Placed[], arrivals: [string, number][], faults: number[]) {
  const orders = placed.filter((p) => p.kind === 'order' && p.doneAt !== null);
  const sentAt = new Map(orders.map((p) => [p.id!, p.sentAt]));
  const nearFault = (t: number) => faults.some((f) => t >= f && t < f + 10_000);
  const rows: [string, number[]][] = [];
  const placement = (list: Placed[]) => list.map((p) => p.doneAt! - p.sentAt).sort((a, b) => a - b);
  const toBoard = (near: boolean | null) =>
    arrivals
      .filter(([id]) => sentAt.has(id) && (near === null || nearFault(sentAt.get(id)!) === near))
      .map(([id, t]) => t - sentAt.get(id)!)
      .sort((a, b) => a - b);
  rows.push(['order placement (first try → 201), whole run', placement(orders)]);
  rows.push(['  placed within 10 s after a fault', placement(orders.filter((p) => nearFault(p.sentAt)))]);
  rows.push(['order → dashboard, whole run', toBoard(null)]);
  rows.push(['  placed within 10 s after a fault', toBoard(true)]);
  const width = Math.max(...rows.map(([n]) => n.length));
  console.log(
    `${'latency'.padEnd(width)}  ${'count'.padStart(7)}  ${'p50 ms'.padStart(8)}  ${'p99 ms'.padStart(8)}  ${'max ms'.padStart(8)}`,
  );
  for (const [name, list] of rows) {
    const f = (x: number) => (Number.isNaN(x) ? '-' : String(Math.round(x))).padStart(8);
    console.log(
      `${name.padEnd(width)}  ${String(list.length).padStart(7)}  ` +
        `${f(percentile(list, 50))}  ${f(percentile(list, 99))}  ${f(list.at(-1) ?? Number.NaN)}`,
    );
  }
}

// Exits when done: the customers' keep-alive connections would otherwise hold the process open.
main().then(
  () => process.exit(process.exitCode ?? 0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
