import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { AdminContext, HttpError, memoryStore, Notification, testDataProvider, type AuthProvider } from 'react-admin';
import { i18nProvider } from '../../src/providers';
import { SecurityPage } from '../../resources/account/SecurityPage';
import type { SessionInfo, TwoFactorStatus } from '../../domain/twoFactor';
import Login from '../../src/pages/account/Login';
import { authProvider } from '../../providers/authProvider';
import { clearSession } from '../../providers/session';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearSession();
});

const WRONG = 'That code is not right. Check that the app shows the code for this account and try again.';
const CODES = Array.from({ length: 10 }, (_, i) => `abcde-fgh${String(i).padStart(2, '2')}`);
const session = (over: Partial<SessionInfo>): SessionInfo => ({
  id: 's1',
  browser: 'Chrome',
  os: 'Windows',
  location: '203.0.113.x',
  createdAt: '2026-11-01T10:00:00.000Z',
  lastSeenAt: '2026-11-29T10:00:00.000Z',
  current: true,
  ...over,
});

function renderSecurity(start: TwoFactorStatus = { enabled: false, recoveryCodesLeft: 0 }) {
  let status = start;
  let sessions = [session({}), session({ id: 's2', browser: 'Safari', os: 'iOS', location: null, current: false })];
  const api = {
    getTwoFactor: vi.fn(async () => status),
    startTwoFactor: vi.fn(async () => ({
      secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
      uri: 'otpauth://totp/Servery:a%40b.c?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
    })),
    enableTwoFactor: vi.fn(async (code: string) => {
      if (code !== '123456') throw new HttpError(WRONG, 400, { message: WRONG, code: 'WRONG_CODE', errors: { code: WRONG } });
      status = { enabled: true, recoveryCodesLeft: 10 };
      return { message: 'Two-factor sign-in is on.', recoveryCodes: CODES };
    }),
    disableTwoFactor: vi.fn(async () => {
      status = { enabled: false, recoveryCodesLeft: 0 };
      return { message: 'Two-factor sign-in is off.' };
    }),
    getSessions: vi.fn(async () => sessions),
    signOutSession: vi.fn(async (id: string) => {
      sessions = sessions.filter((s) => s.id !== id);
      return { message: 'Signed out of that session.' };
    }),
    signOutOtherSessions: vi.fn(async () => ({ message: 'Signed out everywhere else.' })),
    changePassword: vi.fn(async (body: { currentPassword: string; newPassword: string }) => {
      const wrong = 'The current password is not right.';
      if (body.currentPassword !== 'old password')
        throw new HttpError(wrong, 400, { message: wrong, code: 'WRONG_PASSWORD', errors: { currentPassword: wrong } });
      sessions = sessions.filter((s) => s.current);
      return { message: 'Password updated.' };
    }),
  };
  render(
    <MemoryRouter>
      <AdminContext i18nProvider={i18nProvider} dataProvider={{ ...testDataProvider(), ...api }} store={memoryStore()}>
        <SecurityPage />
        <Notification />
      </AdminContext>
    </MemoryRouter>,
  );
  return api;
}

describe('the Security page', () => {
  it('turns two-factor on: QR code and key, a wrong code is explained, the right one shows the recovery codes once', async () => {
    const api = renderSecurity();
    expect(await screen.findByText('Off. Signing in needs only your password.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set up your authenticator app' });
    expect(within(dialog).getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeTruthy();
    expect(((await within(dialog).findByAltText('QR code for your authenticator app')) as HTMLImageElement).src).toMatch(
      /^data:image\/svg\+xml/,
    );

    const code = within(dialog).getByLabelText('Code from the app');
    fireEvent.change(code, { target: { value: '000000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText(WRONG)).toBeTruthy();
    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    const codes = await screen.findByRole('dialog', { name: 'Save your recovery codes' });
    expect(
      within(codes)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(CODES);
    fireEvent.click(within(codes).getByRole('button', { name: 'I have saved them' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('On. Signing in needs your password and a code from your authenticator app.')).toBeTruthy();
    expect(screen.getByText('10 recovery codes left')).toBeTruthy();
    expect(api.enableTwoFactor).toHaveBeenCalledTimes(2);
  });

  it('turning it off asks for a code', async () => {
    const api = renderSecurity({ enabled: true, recoveryCodesLeft: 2 });
    expect(await screen.findByText('2 recovery codes left')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Turn off' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn off two-factor sign-in?' });
    fireEvent.change(within(dialog).getByLabelText('Code or recovery code'), { target: { value: 'abcde-fghjk' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    await waitFor(() => expect(api.disableTwoFactor).toHaveBeenCalledWith('abcde-fghjk'));
    expect(await screen.findByText('Two-factor sign-in is off.')).toBeTruthy();
  });

  it('lists the sessions, marks this one, and signs another out', async () => {
    const api = renderSecurity();
    const rows = await screen.findAllByTestId('session-row');
    expect(rows.map((r) => within(r).getByText(/ on /).textContent)).toEqual(['Chrome on WindowsThis device', 'Safari on iOS']);
    expect(rows[0].textContent).toContain('Network: 203.0.113.x');
    expect(rows[1].textContent).toContain('Network: Unknown');
    // This device has no sign-out of its own (Logout is in the header).
    expect(within(rows[0]).queryByRole('button')).toBeNull();
    fireEvent.click(within(rows[1]).getByRole('button', { name: 'Sign out Safari on iOS' }));
    await waitFor(() => expect(api.signOutSession).toHaveBeenCalledWith('s2'));
    await waitFor(() => expect(screen.getAllByTestId('session-row')).toHaveLength(1));
    expect(screen.getByText('No other sessions.')).toBeTruthy();
  });

  it('signs every other session out after asking', async () => {
    const api = renderSecurity();
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out all other sessions' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(api.signOutOtherSessions).toHaveBeenCalled());
  });
});

describe('changing the password', () => {
  it('checks the new one, shows a wrong current one under its field, and then the other sessions are gone', async () => {
    const api = renderSecurity();
    const current = await screen.findByLabelText('Current password');
    const next = screen.getByLabelText('New password');
    fireEvent.change(current, { target: { value: 'not it at all' } });
    fireEvent.change(next, { target: { value: 'short' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password should be atleast 8 characters')).toBeTruthy();
    expect(api.changePassword).not.toHaveBeenCalled();

    fireEvent.change(next, { target: { value: 'a long new password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The current password is not right.')).toBeTruthy();

    fireEvent.change(current, { target: { value: 'old password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password updated.')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('session-row')).toHaveLength(1));
    expect((current as HTMLInputElement).value).toBe('');
  });
});

describe('sign-in with two-factor on', () => {
  it('asks for the code after the password, explains a wrong one, and signs in with the right one', async () => {
    const posts: { path: string; body: unknown }[] = [];
    vi.stubGlobal('fetch', async (req: Request) => {
      const path = new URL(req.url).pathname;
      const body = JSON.parse((await req.text()) || 'null') as Record<string, string> | null;
      posts.push({ path, body });
      const json = (status: number, value: unknown) =>
        new Response(JSON.stringify(value), { status, headers: { 'Content-Type': 'application/json' } });
      if (path === '/api/auth/login') return json(200, { twoFactorRequired: true, challenge: 'the-challenge', expiresIn: 300 });
      if (path === '/api/auth/login/two-factor' && body?.code === '123456')
        return json(200, {
          accessToken: 'tok',
          expiresIn: 900,
          user: { id: 'u', email: 'a@b.co', name: 'A', emailVerified: true, isSuperAdmin: false },
        });
      if (path === '/api/auth/login/two-factor') return json(400, { message: WRONG, code: 'WRONG_CODE', errors: { code: WRONG } });
      return json(401, { message: 'no', code: 'UNAUTHORIZED' });
    });
    render(
      <MemoryRouter initialEntries={['/login']}>
        <AdminContext
          i18nProvider={i18nProvider}
          authProvider={authProvider as AuthProvider}
          dataProvider={testDataProvider()}
          store={memoryStore()}
        >
          <Routes>
            <Route path="/login" element={<Login />} />
            <Route path="/" element={<div>HOME</div>} />
          </Routes>
        </AdminContext>
      </MemoryRouter>,
    );
    fireEvent.change(await screen.findByLabelText('Email', { selector: 'input' }), { target: { value: 'a@b.co' } });
    fireEvent.change(screen.getByLabelText('Password', { selector: 'input' }), { target: { value: 'correct horse' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Enter your code' })).toBeTruthy();
    const code = screen.getByLabelText('Code', { selector: 'input' });
    fireEvent.change(code, { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(WRONG)).toBeTruthy();
    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('HOME')).toBeTruthy();
    expect(posts.filter((p) => p.path.startsWith('/api/auth/login'))).toEqual([
      { path: '/api/auth/login', body: { email: 'a@b.co', password: 'correct horse' } },
      { path: '/api/auth/login/two-factor', body: { challenge: 'the-challenge', code: '000000' } },
      { path: '/api/auth/login/two-factor', body: { challenge: 'the-challenge', code: '123456' } },
    ]);
  });
});
