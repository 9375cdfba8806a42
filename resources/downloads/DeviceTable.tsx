import { useTranslate } from 'react-admin';
import type { DeviceRecord } from '../../domain/apps';
import { ResponsiveTable, type ResponsiveColumn } from '../../src/components/ResponsiveTable';

const dash = (v: string | null) => v || '—';

/** One page of devices (spec 2 §3 device record), most recently seen first. */
export function DeviceTable({ devices }: { devices: DeviceRecord[] }) {
  const translate = useTranslate();
  const label = (k: string) => translate(`resources.downloads.fields.${k}`);
  const columns: ResponsiveColumn<DeviceRecord>[] = [
    { label: label('device_id'), primary: true, render: (d) => <span style={{ wordBreak: 'break-all' }}>{d.device_id}</span> },
    { label: label('os'), render: (d) => (d.os === 'ios' ? 'iOS' : 'Android'), width: 80 },
    { label: label('model'), render: (d) => dash([d.brand, d.model].filter(Boolean).join(' ')) },
    {
      label: label('version'),
      render: (d) => dash(d.version ? `${d.version}${d.build_number ? ` (${d.build_number})` : ''}` : null),
      showFrom: 'lg',
    },
    { label: label('device_country'), render: (d) => dash(d.device_country), showFrom: 'lg' },
    { label: label('carrier'), render: (d) => dash(d.carrier), showFrom: 'xl' },
    { label: label('updated_at'), render: (d) => new Date(d.updated_at).toLocaleString() },
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
