import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';
import type { AddressInfo } from 'node:net';

export interface CapturedMail {
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
  /** Every http(s) link in the text body. */
  links: string[];
  messageId: string;
}

/** A real SMTP server on a free loopback port that keeps every mail it receives. */
export class MailCapture {
  readonly messages: CapturedMail[] = [];
  /** Connections that ended in an error (a sender killed mid-mail): kept so a test can look, never thrown. */
  readonly connectionErrors: string[] = [];
  private waiters: (() => void)[] = [];
  private server: SMTPServer;
  url = '';

  /** `closeTimeoutMs`: how long close() lets open connections finish (a short one takes the receiver down at once). */
  constructor(opts: { closeTimeoutMs?: number } = {}) {
    this.server = new SMTPServer({
      ...(opts.closeTimeoutMs === undefined ? {} : { closeTimeout: opts.closeTimeoutMs }),
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData: (stream, _session, callback) => {
        simpleParser(stream)
          .then((mail) => {
            const text = mail.text ?? '';
            const to = Array.isArray(mail.to) ? mail.to.map((a) => a.text).join(', ') : (mail.to?.text ?? '');
            this.messages.push({
              to,
              from: mail.from?.text ?? '',
              subject: mail.subject ?? '',
              text,
              html: typeof mail.html === 'string' ? mail.html : '',
              links: text.match(/https?:\/\/\S+/g) ?? [],
              messageId: mail.messageId ?? '',
            });
            this.waiters.splice(0).forEach((w) => w());
            callback();
          })
          .catch(callback);
      },
    });
    // A sender killed mid-conversation resets its connection; that is the sender's failure, not the receiver's, and an
    // unheard 'error' event would take the whole test process down with it.
    this.server.on('error', (err: NodeJS.ErrnoException) => {
      this.connectionErrors.push(err.code ?? err.message);
    });
  }

  /** `port`: a fixed one, so a receiver taken down and started again keeps its address (the soak's SMTP outage). */
  async start(port = 0): Promise<this> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, '127.0.0.1', () => {
        this.server.removeListener('error', reject);
        resolve();
      });
    });
    this.url = `smtp://127.0.0.1:${(this.server.server.address() as AddressInfo).port}`;
    return this;
  }

  /** Waits for a mail to `to` (and matching `subject`, when given) and returns the newest such mail. */
  async waitFor(to: string, subject?: RegExp, timeoutMs = 10_000): Promise<CapturedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.messages
        .filter((m) => m.to.toLowerCase().includes(to.toLowerCase()) && (!subject || subject.test(m.subject)))
        .at(-1);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`No mail to ${to}${subject ? ` matching ${subject}` : ''} within ${timeoutMs} ms`);
      await new Promise<void>((r) => {
        this.waiters.push(r);
        setTimeout(r, 200);
      });
    }
  }

  for(to: string) {
    return this.messages.filter((m) => m.to.toLowerCase().includes(to.toLowerCase()));
  }

  clear() {
    this.messages.length = 0;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
