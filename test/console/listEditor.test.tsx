import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext, Form, ResourceContextProvider, TextInput } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { i18nProvider } from '../../src/providers';
import { ListEditor } from '../../src/components/forms/ListEditor';
import { ConfirmDialog } from '../../src/components/ConfirmDialog';

/*
 * List editors inside forms (toppings, deal items, attributes, outlets) and the console's confirmation: every row
 * has its own remove button; Remove all is away from Add and asks first; Cancel has the focus, so Enter cancels.
 */
afterEach(cleanup);

function Count() {
  const rows = useWatch({ name: 'toppings' }) as unknown[] | undefined;
  return <output data-testid="count">{rows?.length ?? 0}</output>;
}

const renderList = (toppings: { name: string }[]) =>
  render(
    <AdminContext i18nProvider={i18nProvider}>
      <ResourceContextProvider value="items">
        <Form record={{ toppings }}>
          <ListEditor source="toppings" rowName="topping" listName="toppings">
            <TextInput source="name" label="Topping" />
          </ListEditor>
          <Count />
        </Form>
      </ResourceContextProvider>
    </AdminContext>,
  );

describe('ListEditor', () => {
  it('gives each row a remove button named for it, and removes only that row', async () => {
    renderList([{ name: 'Olives' }, { name: 'Basil' }, { name: 'Chilli' }]);
    const remove = await screen.findByRole('button', { name: 'Remove topping 2' });
    expect(screen.getAllByTestId('remove-row')).toHaveLength(3);
    fireEvent.click(remove);
    await waitFor(() => expect(screen.getByTestId('count').textContent).toBe('2'));
    expect(screen.getAllByRole('textbox').map((i) => (i as HTMLInputElement).value)).toEqual(['Olives', 'Chilli']);
  });

  it('puts Remove all apart from Add and asks first, with Cancel focused', async () => {
    renderList([{ name: 'Olives' }, { name: 'Basil' }]);
    const add = await screen.findByRole('button', { name: 'Add topping' });
    const removeAll = screen.getByRole('button', { name: 'Remove all toppings' });
    // Add first, Remove all last, with nothing else between them but space.
    expect(add.nextElementSibling).toBe(removeAll);
    expect((add.parentElement as HTMLElement).style.justifyContent || getComputedStyle(add.parentElement!).justifyContent).toBe(
      'space-between',
    );
    fireEvent.click(removeAll);
    const dialog = await screen.findByRole('dialog', { name: 'Remove all toppings?' });
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
    await waitFor(() => expect(document.activeElement).toBe(cancel));
    fireEvent.click(cancel);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByTestId('count').textContent).toBe('2');

    fireEvent.click(screen.getByRole('button', { name: 'Remove all toppings' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove all' }));
    await waitFor(() => expect(screen.getByTestId('count').textContent).toBe('0'));
  });
});

describe('ConfirmDialog', () => {
  it('opens with Cancel focused, so Enter cannot confirm; the confirming button must be chosen', async () => {
    const onConfirm = vi.fn();
    const onClose = vi.fn();
    render(
      <AdminContext i18nProvider={i18nProvider}>
        <ConfirmDialog
          isOpen
          title="Delete Flat White?"
          content="It goes from the menu too."
          confirm="ra.action.delete"
          confirmColor="warning"
          onConfirm={onConfirm}
          onClose={onClose}
        />
      </AdminContext>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Delete Flat White?' });
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
    await waitFor(() => expect(document.activeElement).toBe(cancel));
    // Enter on a focused button clicks it: here that is Cancel.
    fireEvent.click(document.activeElement!);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });
});
