import { connect } from 'node:net';
import { afterAll, expect, test } from 'vitest';
import { MailCapture } from '../helpers/mail';

const capture = await new MailCapture().start();
afterAll(() => capture.close());

// The soak kills server processes while they send; a connection reset mid-conversation must not end the receiver.
test('a sender killed mid-mail leaves the receiver up and still receiving', async () => {
  const port = Number(new URL(capture.url).port);
  await new Promise<void>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('data', () => {
      socket.write('EHLO killed.example\r\nMAIL FROM:<a@killed.example>\r\n');
      setTimeout(() => {
        socket.resetAndDestroy();
        resolve();
      }, 50);
    });
  });
  await expect.poll(() => capture.connectionErrors.length).toBeGreaterThan(0);

  const { createTransport } = await import('nodemailer');
  await createTransport({ url: capture.url, tls: { rejectUnauthorized: false } }).sendMail({
    from: 'shop@example.com',
    to: 'after@example.com',
    subject: 'Still here',
    text: 'hello',
  });
  expect((await capture.waitFor('after@example.com')).subject).toBe('Still here');
});
