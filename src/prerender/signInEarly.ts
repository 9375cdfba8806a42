// The pre-rendered sign-in page's own script: built on its own (a few kB, no React), loaded async with the page.
//
// A visitor who may be signed in (the readable session cookie is there) gets the console at once, after the copy has
// painted: it shows 'Already Logged In' or the form. Anyone else signs in from the copy itself: the console's
// modules are only fetched meanwhile (not run, so typing stays smooth), the form is sent from here, and on a good
// answer the console starts on the page asked for with that session (handed over in memory). Whatever needs the
// console's words (a field left empty, a refused password, no answer) hands the form over to it: the typed values,
// that the form was sent, and the server's answer when there was one, so nothing is sent twice.
import { apiUrl } from '../../providers/deployment';
import { handOverSession, markFreshSignIn, mayHaveSession } from '../../providers/sessionStart';
import { afterPaint, consoleStarter } from '../components/firstViewEarly';
import { prefilledEmail, safeNext } from '../pages/account/landing';

const copy = document.getElementById('prerendered');
if (copy) enhance(copy);

function enhance(copy: HTMLElement) {
  const app = consoleStarter(copy);
  const startConsole = app.start;

  const form = copy.querySelector('form');
  const email = form?.querySelector<HTMLInputElement>('input[name="email"]');
  const password = form?.querySelector<HTMLInputElement>('input[name="password"]');
  const button = form?.querySelector<HTMLButtonElement>('button:not([tabindex="-1"])');
  if (copy.dataset.path !== '/login' || !form || !email || !password || !button || mayHaveSession()) {
    afterPaint(startConsole);
    return;
  }
  email.value ||= prefilledEmail(location.search);
  afterPaint(app.prefetch);

  const handOver = (answer?: { status: number; body: unknown }) => {
    copy.dataset.submitted = 'true';
    if (answer) copy.dataset.answer = JSON.stringify(answer);
    startConsole();
  };
  let sending = false;
  const send = async (event: Event) => {
    event.preventDefault();
    if (sending) return;
    // Empty fields are the console's to explain (its messages, its field errors).
    if (app.started() || !email.value.trim() || !password.value) return handOver();
    sending = true;
    button.disabled = true;
    button.classList.add('Mui-disabled');
    try {
      const res = await fetch(`${apiUrl}/auth/login`, {
        method: 'POST',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ email: email.value, password: password.value }),
      });
      const signedIn = res.ok ? ((await res.json()) as Record<string, unknown>) : null;
      // Two-factor on: the password was right, and the console's code step takes the challenge from here.
      if (signedIn?.twoFactorRequired === true) return handOver({ status: res.status, body: signedIn });
      if (signedIn) {
        // Signed in: the console starts on the page asked for with this session, in this page (no reload, no refresh).
        handOverSession(signedIn as Parameters<typeof handOverSession>[0]);
        const next = safeNext(new URLSearchParams(location.search).get('next'));
        if (!next) markFreshSignIn();
        history.replaceState(null, '', next ?? '/');
        startConsole();
        return;
      }
      const body: unknown = await res.json().catch(() => null);
      // A field the server could not read: the console checks the fields itself and says what is wrong.
      const fieldErrors = res.status === 400 && typeof body === 'object' && body !== null && 'errors' in body;
      handOver(fieldErrors ? undefined : { status: res.status, body });
    } catch {
      // No answer: the console sends it again and says so if it fails.
      handOver();
    }
  };
  copy.addEventListener('click', (e) => {
    if (e.target instanceof Element && e.target.closest('form button:not([tabindex="-1"])')) void send(e);
  });
  copy.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && e.target instanceof HTMLInputElement) void send(e);
  });
}
