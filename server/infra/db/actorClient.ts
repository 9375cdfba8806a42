import pg from 'pg';
import { currentActor } from '../requestContext';

/**
 * Only ever transaction-local: behind PgBouncer in transaction mode a session setting would outlive the transaction
 * on a server connection that another client gets next (wrong attribution), and the next statement may run on another
 * server connection (actor lost).
 */
const SET_ACTOR = "select set_config('servery.actor', $1, true)";
const BEGIN = /^\s*(begin|start\s+transaction)\b/i;
// ROLLBACK TO SAVEPOINT stays in the transaction; PREPARE TRANSACTION leaves it.
const END = /^\s*(commit|end|abort|rollback(?!\s+to\b)|prepare\s+transaction)\b/i;
/**
 * Whether a statement may change a row, and so must run in a transaction that names its actor. Conservative: any of
 * these words anywhere (a WITH … INSERT, a `FOR UPDATE`, a quoted column named "delete") counts; a needless
 * transaction costs a little, an unattributed change is a hole in the log.
 */
const WRITE = /\b(insert|update|delete|merge|truncate|copy|call|do)\b/i;

type Callback = (err: Error | null, result?: unknown) => void;

const statementText = (config: unknown): string | undefined =>
  typeof config === 'string'
    ? config
    : typeof (config as { text?: unknown } | null)?.text === 'string'
      ? (config as { text: string }).text
      : undefined;

/** The request's actor as the JSON the audit triggers read; undefined for nobody (a customer, a job). */
function actorJson(): string | undefined {
  const actor = currentActor();
  return actor?.userId || actor?.apiKeyId ? JSON.stringify(actor) : undefined;
}

/**
 * A connection that tells PostgreSQL who is acting, for the audit triggers (drizzle/0033_audit_log.sql), without any
 * service passing it down: right after a BEGIN it sends the request's actor as the transaction-local setting
 * `servery.actor`; a write outside a transaction is sent as BEGIN; that setting; the write; COMMIT. Statements of a
 * request without an actor (a customer placing an order, a job) go out exactly as given, at no cost.
 */
export class ActorClient extends pg.Client {
  /** Whether this connection is inside a transaction it began (by the statements' text, as they are queued). */
  inTransaction = false;

  override query(config: unknown, ...rest: unknown[]): never {
    const text = statementText(config);
    const submittable = typeof (config as { submit?: unknown } | null)?.submit === 'function';
    if (text === undefined || submittable) return this.send(config, ...rest);
    if (END.test(text)) {
      this.inTransaction = false;
      return this.send(config, ...rest);
    }
    const begins = BEGIN.test(text);
    if (begins) this.inTransaction = true;
    const actor = begins || (!this.inTransaction && WRITE.test(text)) ? actorJson() : undefined;
    if (!actor) return this.send(config, ...rest);
    const callback = rest.find((r): r is Callback => typeof r === 'function');
    const values = rest.find((r) => Array.isArray(r));
    const done = begins ? this.beginAs(config, values, actor) : this.inOwnTransaction(config, values, actor);
    if (!callback) return done as never;
    done.then(
      (result) => callback(null, result),
      (err: Error) => callback(err),
    );
    return undefined as never;
  }

  /** The caller's BEGIN, then the actor; settles after both, so nothing the transaction sends can come between. */
  private async beginAs(config: unknown, values: unknown, actor: string): Promise<unknown> {
    const result = await this.statement(config, values);
    await this.send({ text: SET_ACTOR, values: [actor] });
    return result;
  }

  /**
   * BEGIN; the actor; the statement; COMMIT, or ROLLBACK when the statement failed (neither the change nor its entry
   * remains). Settles after the COMMIT: the change is visible to whatever the caller does next, on any connection.
   * The caller awaits it like any statement, so nothing of its own comes between.
   */
  private async inOwnTransaction(config: unknown, values: unknown, actor: string): Promise<unknown> {
    await this.send('BEGIN');
    let result: unknown;
    try {
      await this.send({ text: SET_ACTOR, values: [actor] });
      result = await this.statement(config, values);
    } catch (err) {
      await this.send('ROLLBACK');
      throw err;
    }
    await this.send('COMMIT');
    return result;
  }

  private statement(config: unknown, values: unknown): Promise<unknown> {
    return values === undefined ? this.send(config) : this.send(config, values);
  }

  /** pg's own query, bypassing this class (subclasses such as the unnamed-statements client still apply first). */
  private send(...args: unknown[]): never {
    return (pg.Client.prototype.query as (...a: unknown[]) => never).apply(this, args);
  }
}
