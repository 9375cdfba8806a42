import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { AdminContext, Form } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { i18nProvider } from '../../src/providers';
import { MoneyInput } from '../../src/components/MoneyInput';

/* Money inputs show two decimals when they are not being edited; the form keeps the number as typed. */
afterEach(cleanup);

function Stored() {
  const price = useWatch({ name: 'price' }) as unknown;
  return <output data-testid="stored">{JSON.stringify(price)}</output>;
}

const renderPrice = (record: { price?: number | null }) =>
  render(
    <AdminContext i18nProvider={i18nProvider}>
      <Form record={record}>
        <MoneyInput source="price" label="Price" />
        <Stored />
      </Form>
    </AdminContext>,
  );

describe('MoneyInput', () => {
  it('shows a loaded amount with two decimals', async () => {
    renderPrice({ price: 4.5 });
    expect(((await screen.findByLabelText('Price')) as HTMLInputElement).value).toBe('4.50');
    expect(screen.getByTestId('stored').textContent).toBe('4.5');
  });

  it('keeps what is typed while editing, shows two decimals on leaving, and stores the number', async () => {
    renderPrice({ price: null });
    const input = (await screen.findByLabelText('Price')) as HTMLInputElement;
    expect(input.value).toBe('');
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '4.5' } });
    expect(input.value).toBe('4.5');
    fireEvent.blur(input);
    expect(input.value).toBe('4.50');
    expect(screen.getByTestId('stored').textContent).toBe('4.5');
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '12' } });
    fireEvent.blur(input);
    expect(input.value).toBe('12.00');
    expect(screen.getByTestId('stored').textContent).toBe('12');
  });

  it('shows an amount with too many decimals as typed, for the schema to say so', async () => {
    renderPrice({ price: null });
    const input = (await screen.findByLabelText('Price')) as HTMLInputElement;
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '4.555' } });
    fireEvent.blur(input);
    expect(input.value).toBe('4.555');
  });
});
