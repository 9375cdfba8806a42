import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReactElement } from 'react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { AdminContext, memoryStore, Notification, testDataProvider, type AuthProvider } from 'react-admin';
import { i18nProvider } from '../../src/providers';
import { clearSession } from '../../providers/session';
import Register from '../../src/pages/account/Register';
import Reset from '../../src/pages/account/Reset';
import AuthManage from '../../src/pages/account/AuthManage';

/** The account forms' rules and messages, word for word (spec 1 §5, §8). fetch is a fake server. */
const anonymous: AuthProvider = {
  login: async () => undefined,
  logout: async () => undefined,
  checkAuth: async () => Promise.reject(),
  checkError: async () => undefined,
  getPermissions: async () => ({ isSuperAdmin: false }),
};

let requests: { path: string; method: string; body: unknown }[] = [];
function serve(answer: (path: string, method: string) => { status: number; body?: unknown }) {
  requests = [];
  vi.stubGlobal('fetch', async (req: Request) => {
    const path = new URL(req.url).pathname + new URL(req.url).search;
    const text = await req.text();
    requests.push({ path, method: req.method, body: text ? JSON.parse(text) : undefined });
    const { status, body } = answer(path, req.method);
    return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  });
}

function renderAt(url: string, routes: Record<string, ReactElement>) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <AdminContext i18nProvider={i18nProvider} authProvider={anonymous} dataProvider={testDataProvider()} store={memoryStore()}>
        <Routes>
          {Object.entries(routes).map(([path, element]) => (
            <Route key={path} path={path} element={element} />
          ))}
          <Route path="/login" element={<div>LOGIN PAGE</div>} />
          <Route path="/reset" element={routes['/reset'] ?? <div>RESET PAGE</div>} />
        </Routes>
        <Notification />
      </AdminContext>
    </MemoryRouter>,
  );
}

const field = (label: string) => screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearSession();
});

describe('Register', () => {
  it("checks the confirmation while typing, and on submit clears both passwords with 'Re-enter passwords'", async () => {
    renderAt('/register', { '/register': <Register /> });
    type('Password', 'long enough');
    type('Confirm password', 'long enoug');
    expect(await screen.findByText('Password did not match!')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('Re-enter passwords')).toBeTruthy();
    expect(field('Password').value).toBe('');
    expect(field('Confirm password').value).toBe('');
  });

  it("shows every rule's message and 'Invalid form' for an invalid form", async () => {
    serve(() => ({ status: 500 }));
    renderAt('/register', { '/register': <Register /> });
    type('Email', 'not an email');
    type('Password', 'short');
    type('Confirm password', 'short');
    type('Name', '   ');
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('Invalid form')).toBeTruthy();
    expect(screen.getByText('The email entered is invalid')).toBeTruthy();
    expect(screen.getByText('Password should be atleast 8 characters')).toBeTruthy();
    expect(screen.getByText('Name is required')).toBeTruthy();
    expect(screen.getByText('Please review and accept the agreement.')).toBeTruthy();
    expect(requests).toHaveLength(0);
  });

  async function fillValid() {
    type('Email', 'ada@example.com');
    type('Password', 'long enough');
    type('Confirm password', 'long enough');
    type('Name', 'Ada Lovelace');
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
  }

  it("registers with the continue path of ?next=, says 'Verification Email Sent' and goes to /login", async () => {
    serve(() => ({ status: 201, body: { message: 'Verification Email Sent' } }));
    renderAt('/register?next=/invites/abc/shops/def', { '/register': <Register /> });
    await fillValid();
    expect(await screen.findByText('LOGIN PAGE')).toBeTruthy();
    expect(screen.getByText('Verification Email Sent')).toBeTruthy();
    expect(requests).toEqual([
      {
        path: '/api/auth/register',
        method: 'POST',
        body: { email: 'ada@example.com', password: 'long enough', name: 'Ada Lovelace', continuePath: '/invites/abc/shops/def' },
      },
    ]);
  });

  it("answers a 409 with the persistent 'Email already registered' and goes to /login", async () => {
    serve(() => ({ status: 409, body: { message: 'Email already registered', code: 'EMAIL_TAKEN' } }));
    renderAt('/register', { '/register': <Register /> });
    await fillValid();
    expect(await screen.findByText('LOGIN PAGE')).toBeTruthy();
    expect(screen.getByText('Email already registered')).toBeTruthy();
  });
});

describe('Reset', () => {
  it("prompts 'Enter your email' and requires it", async () => {
    serve(() => ({ status: 500 }));
    renderAt('/reset', { '/reset': <Reset /> });
    expect(screen.getByText('Enter your email')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect((await screen.findAllByText('Please enter your email')).length).toBeGreaterThan(0);
    expect(requests).toHaveLength(0);
  });

  it("asks for the mail and confirms with 'Password Reset Email sent'", async () => {
    serve(() => ({ status: 200, body: { message: 'Password Reset Email sent' } }));
    renderAt('/reset', { '/reset': <Reset /> });
    type('Email', 'ada@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('LOGIN PAGE')).toBeTruthy();
    expect(screen.getByText('Password Reset Email sent')).toBeTruthy();
    expect(requests[0]).toEqual({ path: '/api/auth/reset', method: 'POST', body: { email: 'ada@example.com' } });
  });
});

describe('AuthManage', () => {
  it("says 'Cannot find action code.' without a code and 'Unknown mode' for another mode", async () => {
    renderAt('/auth/manage?mode=resetPassword', { '/auth/manage': <AuthManage /> });
    expect(await screen.findByText('Cannot find action code.')).toBeTruthy();
    cleanup();
    renderAt('/auth/manage?mode=recoverEmail&oobCode=x', { '/auth/manage': <AuthManage /> });
    expect(await screen.findByText('Unknown mode')).toBeTruthy();
  });

  it('checks a reset code without spending it and shows the server message inline when it is stale', async () => {
    serve(() => ({ status: 400, body: { message: 'This link has expired. Please request a new one.', code: 'ACTION_CODE_EXPIRED' } }));
    renderAt('/auth/manage?mode=resetPassword&oobCode=abc', { '/auth/manage': <AuthManage /> });
    expect(await screen.findByText('This link has expired. Please request a new one.')).toBeTruthy();
    expect(requests).toEqual([{ path: '/api/auth/action?mode=resetPassword&oobCode=abc', method: 'GET', body: undefined }]);
  });

  it("sets the new password, says 'Password updated.' and goes to /login", async () => {
    serve((_path, method) =>
      method === 'GET'
        ? { status: 200, body: { mode: 'resetPassword', email: 'ada@example.com' } }
        : { status: 200, body: { message: 'Password updated.' } },
    );
    renderAt('/auth/manage?mode=resetPassword&oobCode=abc', { '/auth/manage': <AuthManage /> });
    await screen.findByRole('button', { name: 'Save password' });
    type('New password', 'a new password');
    type('Confirm password', 'a new passwor');
    expect(await screen.findByText('Password did not match!')).toBeTruthy();
    type('Confirm password', 'a new password');
    fireEvent.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByText('LOGIN PAGE')).toBeTruthy();
    expect(screen.getByText('Password updated.')).toBeTruthy();
    expect(requests[1]).toEqual({
      path: '/api/auth/action',
      method: 'POST',
      body: { mode: 'resetPassword', oobCode: 'abc', newPassword: 'a new password' },
    });
  });

  it("shows 'Verifying email', verifies once, and sends an anonymous visitor to sign in with the continue path", async () => {
    serve((path) =>
      path === '/api/auth/refresh'
        ? { status: 401, body: { message: 'Unauthorized' } }
        : { status: 200, body: { message: 'Email successfully verified.' } },
    );
    render(
      <MemoryRouter initialEntries={['/auth/manage?mode=verifyEmail&oobCode=v1&continuePath=%2Finvites%2Fk%2Fshops%2Fs']}>
        <AdminContext i18nProvider={i18nProvider} authProvider={anonymous} dataProvider={testDataProvider()} store={memoryStore()}>
          <Routes>
            <Route path="/auth/manage" element={<AuthManage />} />
            <Route path="/login" element={<LoginProbe />} />
          </Routes>
          <Notification />
        </AdminContext>
      </MemoryRouter>,
    );
    expect(screen.getAllByText('Verifying email').length).toBeGreaterThan(0);
    expect(await screen.findByText('next=/invites/k/shops/s', {}, { timeout: 4000 })).toBeTruthy();
    expect(requests.filter((r) => r.path === '/api/auth/action')).toEqual([
      { path: '/api/auth/action', method: 'POST', body: { mode: 'verifyEmail', oobCode: 'v1' } },
    ]);
  });
});

/** Shows where the page sent the visitor: the ?next= of /login. */
function LoginProbe() {
  const params = new URLSearchParams(useLocation().search);
  return <div>{`next=${params.get('next')}`}</div>;
}
