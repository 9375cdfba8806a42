import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The link the mail is about, logged when mails go to the outbox. */
  actionUrl?: string;
  /** Extra headers (List-Unsubscribe). */
  headers?: Record<string, string>;
  /**
   * A stable Message-ID: a mail handed to SMTP again (the process died before it recorded the first hand-over) is then
   * the same message, which mail clients show once.
   */
  messageId?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close?(): void;
}

/** Sends over SMTP (SMTP_URL). */
export function smtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    async send(m) {
      await transport.sendMail({
        from,
        to: m.to,
        subject: m.subject,
        text: m.text,
        html: m.html,
        headers: m.headers,
        messageId: m.messageId,
      });
    },
    close: () => transport.close(),
  };
}

/** Without SMTP: each mail becomes DATA_DIR/outbox/<time>-<to>.eml and its link is logged. */
export function outboxMailer(dir: string, from: string, log: (msg: string) => void): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(m) {
      const info = await transport.sendMail({
        from,
        to: m.to,
        subject: m.subject,
        text: m.text,
        html: m.html,
        headers: m.headers,
        messageId: m.messageId,
      });
      // Mails carry single-use links to accounts: only the server's own user may read them.
      await fs.mkdir(dir, { recursive: true, mode: 0o700 });
      const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${m.to.replace(/[^a-z0-9@.-]/gi, '_')}.eml`);
      await fs.writeFile(file, info.message as Buffer, { mode: 0o600 });
      log(`Mail to ${m.to} "${m.subject}" written to ${file}${m.actionUrl ? `; its link: ${m.actionUrl}` : ''}`);
    },
  };
}

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** One layout for every mail: a greeting, a paragraph, a button and the link spelt out. */
export function actionMail(opts: {
  to: string;
  subject: string;
  greeting: string;
  body: string;
  button: string;
  url: string;
  footer?: string;
}): MailMessage {
  const footer = opts.footer ?? 'If you did not expect this email, you can ignore it.';
  const text = `${opts.greeting}\n\n${opts.body}\n\n${opts.button}: ${opts.url}\n\n${footer}\n`;
  const html =
    `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#222;max-width:560px;margin:auto">
<p>${escapeHtml(opts.greeting)}</p><p>${escapeHtml(opts.body)}</p>
<p><a href="${escapeHtml(opts.url)}" style="display:inline-block;background:#1565c0;color:#fff;padding:10px 18px;` +
    `border-radius:4px;text-decoration:none">${escapeHtml(opts.button)}</a></p>
<p style="font-size:12px;color:#666">Or open this link: <a href="${escapeHtml(opts.url)}">${escapeHtml(opts.url)}</a></p>
<p style="font-size:12px;color:#666">${escapeHtml(footer)}</p></body></html>`;
  return { to: opts.to, subject: opts.subject, text, html, actionUrl: opts.url };
}
