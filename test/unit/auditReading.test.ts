import { describe, expect, it } from 'vitest';
import { auditChangeLine, auditChanges, auditCsvRows, type AuditEntry } from '../../domain/audit';
import { auditValueText } from '../../domain/auditFields';

const AU = { currency: 'AUD', timeZone: 'Australia/Sydney' };

describe('reading an audit entry', () => {
  it('names fields and shows money in currency units, per kind', () => {
    const [price] = auditChanges('item', { price_cents: 300 }, { price_cents: 350 }, AU);
    expect(price).toEqual({
      field: 'price_cents',
      label: 'Price',
      before: 300,
      after: 350,
      beforeText: '3.00',
      afterText: '3.50',
      currency: 'AUD',
    });
    expect(auditChangeLine(price!)).toBe('Price: 3.00 → 3.50 AUD');
    // The same column name is not money for a kind that does not say so.
    expect(auditChanges('closure', { price_cents: 300 }, { price_cents: 350 }, AU)[0]).toMatchObject({
      label: 'Price cents',
      afterText: '350',
    });
  });

  it('reads a field no kind lists in words, yes/no, lists and instants on the shop’s clock', () => {
    const changes = auditChanges(
      'settings.checkout',
      { hasCash: true, maxDaysAhead: 2 },
      { hasCash: false, maxDaysAhead: 3, days: ['MON', 'TUE'], until: '2030-01-01T00:00:00.000Z' },
      AU,
    );
    expect(changes.map((c) => auditChangeLine(c))).toEqual([
      'Has cash: Yes → No',
      'Max days ahead: 2 → 3',
      'Days: — → MON, TUE',
      'Until: — → 2030-01-01 11:00',
    ]);
  });

  it('leaves out bookkeeping and a new record’s empty fields: only what a person set', () => {
    const changes = auditChanges('item', null, { id: 'i1', shop_id: 's1', name: 'Scone', description: '', doc: { image: null } }, AU);
    expect(changes.map((c) => c.label)).toEqual(['Name']);
  });

  it('keeps a value as text when it is nothing special', () => {
    expect(auditValueText(null)).toBe('');
    expect(auditValueText({ a: 1 })).toBe('{"a":1}');
    expect(auditValueText(350, { money: true })).toBe('3.50');
  });

  it('gives one CSV row per change, the field read with its currency, the record by its name', () => {
    const entry: AuditEntry = {
      id: 1,
      shopId: 's1',
      shopName: 'Corner Cafe',
      at: '2030-01-01T00:00:00.000Z',
      actor: { userId: 'u1', name: 'Olive Owner', apiKeyId: null, apiKeyName: null },
      ip: '127.0.0.1',
      userAgent: 'Test',
      kind: 'item',
      action: 'update',
      recordId: 'i1',
      recordName: 'Scone',
      changes: auditChanges('item', { price_cents: 300, name: 'Scone' }, { price_cents: 350, name: 'Scone' }, AU),
    };
    expect(auditCsvRows(entry, 'Australia/Sydney')).toEqual([
      [
        '2030-01-01T11:00:00+11:00',
        'Corner Cafe',
        'Olive Owner',
        '',
        '127.0.0.1',
        'Test',
        'item',
        'update',
        'Scone',
        'Price (AUD)',
        '3.00',
        '3.50',
      ],
    ]);
  });
});
