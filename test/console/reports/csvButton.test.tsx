import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { AdminContext, memoryStore } from 'react-admin';
import { i18nProvider } from '../../../src/providers';
import { CsvButton } from '../../../src/components/CsvButton';

/** The CSV button says 'CSV download in progress' while the file comes and for 2 s after, then offers itself again. */
function renderButton(download: () => Promise<unknown>) {
  render(
    <AdminContext i18nProvider={i18nProvider} store={memoryStore()}>
      <CsvButton download={download} />
    </AdminContext>,
  );
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the CSV button', () => {
  it('is in progress while the file comes and resets 2 s after', async () => {
    vi.useFakeTimers();
    let finish: () => void = () => undefined;
    const download = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    renderButton(download);
    const button = screen.getByRole('button', { name: 'Download CSV' });
    fireEvent.click(button);
    expect(download).toHaveBeenCalledTimes(1);
    expect(button.textContent).toBe('CSV download in progress');
    expect((button as HTMLButtonElement).disabled).toBe(true);
    await act(async () => vi.advanceTimersByTime(5000));
    expect(button.textContent).toBe('CSV download in progress');
    await act(async () => finish());
    await act(async () => vi.advanceTimersByTime(1999));
    expect(button.textContent).toBe('CSV download in progress');
    await act(async () => vi.advanceTimersByTime(1));
    expect(button.textContent).toBe('Download CSV');
    expect((button as HTMLButtonElement).disabled).toBe(false);
  });

  it('resets 2 s after a failed download too', async () => {
    vi.useFakeTimers();
    renderButton(() => Promise.reject(new Error('boom')));
    const button = screen.getByRole('button', { name: 'Download CSV' });
    fireEvent.click(button);
    await act(async () => undefined);
    expect(button.textContent).toBe('CSV download in progress');
    await act(async () => vi.advanceTimersByTime(2000));
    expect(button.textContent).toBe('Download CSV');
  });
});
