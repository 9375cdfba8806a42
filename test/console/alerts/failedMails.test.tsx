import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { AdminContext, memoryStore, Notification, testDataProvider, type DataProvider } from 'react-admin';
import { i18nProvider } from '../../../src/providers';
import { FailedMailsPage } from '../../../resources/alerts/FailedMailsPage';

/** The platform's failed mails (super admins): the queue's dead letters, newest first, each with Retry. */
const JOB = {
  id: 'job-1',
  queue: 'mail',
  data: { to: 'kitchen@example.com', subject: 'New order from Ada' },
  error: 'connect ECONNREFUSED 127.0.0.1:2525',
  failedAt: '2026-03-02T01:00:00.000Z',
};

function renderPage(api: Record<string, unknown>) {
  const dataProvider = { ...testDataProvider(), ...api } as unknown as DataProvider;
  render(
    <MemoryRouter>
      <AdminContext i18nProvider={i18nProvider} dataProvider={dataProvider} store={memoryStore()}>
        <FailedMailsPage />
        <Notification />
      </AdminContext>
    </MemoryRouter>,
  );
}

afterEach(cleanup);

describe('failed mails', () => {
  it('lists what each failed job carried and why it failed, and retries one', async () => {
    let jobs = [JOB];
    const getList = vi.fn(async () => ({ data: jobs, total: jobs.length }));
    const retryFailedJob = vi.fn(async () => {
      jobs = [];
      return {};
    });
    renderPage({ getList, retryFailedJob });
    const row = await screen.findByTestId('failed-job');
    expect(within(row).getByText('to: kitchen@example.com · subject: New order from Ada')).toBeTruthy();
    expect(within(row).getByText('connect ECONNREFUSED 127.0.0.1:2525')).toBeTruthy();
    expect(getList).toHaveBeenCalledWith('platform/jobs/failed', expect.objectContaining({ sort: { field: 'failedAt', order: 'DESC' } }));

    fireEvent.click(within(row).getByRole('button', { name: /^Retry the mail job/ }));
    await waitFor(() => expect(retryFailedJob).toHaveBeenCalledWith('job-1'));
    expect(await screen.findByText('The job will run again.')).toBeTruthy();
    expect(await screen.findByText('No failed mails.')).toBeTruthy();
  });
});
