import { useTranslate } from 'react-admin';
import type { DeviceRecord } from '../../domain/apps';
import { ResponsiveTable, type ResponsiveColumn } from '../../src/components/ResponsiveTable';
import { showDateTime } from '../../src/components/dates';
import { useShop } from '../../src/contracts/shopContext';

const dash = (v: string | null) => v || '—';

/** One page of devices (spec 2 §3 device record), most recently seen first. */
export function DeviceTable({ devices }: { devices: DeviceRecord[] }) {
  const translate = useTranslate();
  const { shop } = useShop();
  const label = (k: string) => translate(`resources.downloads.fields.${k}`);
  const columns: ResponsiveColumn<DeviceRecord>[] = [
    { label: label('device_id'), primary: true, render: (d) => <span style={{ wordBreak: 'break-all' }}>{d.device_id}</span> },
    {
      label: label('os'),
      render: (d) => <span style={{ whiteSpace: 'nowrap' }}>{d.os === 'ios' ? 'iOS' : 'Android'}</span>,
      width: 96,
    },
    { label: label('model'), render: (d) => dash([d.brand, d.model].filter(Boolean).join(' ')) },
    {
      label: label('version'),
      render: (d) => dash(d.version ? `${d.version}${d.build_number ? ` (${d.build_number})` : ''}` : null),
      showFrom: 'lg',
    },
    { label: label('device_country'), render: (d) => dash(d.device_country), showFrom: 'lg' },
    { label: label('carrier'), render: (d) => dash(d.carrier), showFrom: 'xl' },
    { label: label('updated_at'), render: (d) => showDateTime(d.updated_at, shop.timezone) },
  ];
  return (
    <ResponsiveTable
      aria-label={translate('resources.downloads.devices')}
      rows={devices}
      rowKey={(d) => d.device_id}
      testId="device-row"
      columns={columns}
    />
  );
}
