import type { Services } from '../context';
import type { Db } from '../db/client';
import type { JobHandler } from '../jobs';
import type { Mailer, MailMessage } from './index';

interface MailJob {
  to: string;
  subject: string;
  /** The body, sealed: a mail can carry a single-use link, which must not sit readable in the job table. */
  sealed: string;
}

/**
 * Queues a mail instead of sending it: a mail server that is down delays it and loses none (it is retried with
 * back-off, then kept as a dead letter). With `db`, the mail is queued in that transaction.
 */
export async function queueMail(services: Pick<Services, 'jobs' | 'credentials'>, m: MailMessage, db?: Db): Promise<void> {
  const sealed = await services.credentials.sealText(JSON.stringify({ text: m.text, html: m.html, headers: m.headers }));
  const job: MailJob = { to: m.to, subject: m.subject, sealed };
  await services.jobs.send('mail', { ...job }, { db });
}

/** The `mail` queue's worker: opens the body and hands the mail to the transport; a failure is retried by the queue. */
export const mailJobHandler =
  (services: Pick<Services, 'credentials'> & { mailer: Mailer }): JobHandler<MailJob> =>
  async ({ data }) => {
    const body = JSON.parse(await services.credentials.openText(data.sealed)) as Pick<MailMessage, 'text' | 'html' | 'headers'>;
    await services.mailer.send({ to: data.to, subject: data.subject, ...body });
  };
