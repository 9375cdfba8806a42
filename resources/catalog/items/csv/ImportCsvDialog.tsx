import { useId } from 'react';
import { useTranslate } from 'react-admin';
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import type { ItemCsvImportAnswer, ItemCsvRowReport } from '../../../../domain/catalog/itemCsv';
import { ResponsiveTable, type ResponsiveColumn } from '../../../../src/components/ResponsiveTable';
import { Pending } from '../../../../src/components/Pending';

const CHIP_COLOR = { create: 'success', change: 'info', error: 'error' } as const;

/** One line per changed cell or error: "price: 4.50 → 5.20", "name: Name is required". */
function RowDetail({ row }: { row: ItemCsvRowReport }) {
  const lines = row.errors.length
    ? row.errors.map((e) => `${e.column}: ${e.message}`)
    : row.changes.map((c) => `${c.column}: ${c.from || '—'} → ${c.to || '—'}`);
  return (
    <Box component="ul" sx={{ m: 0, pl: 2, overflowWrap: 'anywhere' }}>
      {lines.map((l, i) => (
        <li key={i}>{l}</li>
      ))}
    </Box>
  );
}

/**
 * The dry run of an import: every row that creates or changes an item or has errors, by its line in the file. Apply
 * stays off while any row has an error (the server would refuse the file whole) or when nothing would change.
 */
export function ImportCsvDialog({
  fileName,
  answer,
  problems,
  applying,
  onApply,
  onClose,
}: {
  fileName: string | null;
  answer: ItemCsvImportAnswer | null;
  problems: { line: number; message: string }[];
  applying: boolean;
  onApply: () => void;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const t = (key: string, options?: object) => translate(`resources.catalog.csv.${key}`, options);
  const rows: ItemCsvRowReport[] = [
    ...problems.map((p) => ({
      line: p.line,
      action: 'error' as const,
      id: null,
      name: '',
      changes: [],
      errors: [{ column: '', message: p.message }],
    })),
    ...(answer?.rows ?? []),
  ];
  const blocked = problems.length > 0 || (answer?.errors ?? 0) > 0;
  const nothing = !!answer && !blocked && answer.created + answer.changed === 0;
  const columns: ResponsiveColumn<ItemCsvRowReport>[] = [
    { label: t('line'), render: (r) => r.line, width: 64 },
    {
      label: t('item'),
      render: (r) => r.name || (r.line === 1 ? t('header') : r.action === 'create' ? t('newItem') : '—'),
      primary: true,
    },
    { label: t('what'), render: (r) => <Chip size="small" color={CHIP_COLOR[r.action]} label={t(`actions.${r.action}`)} /> },
    { label: t('detail'), render: (r) => <RowDetail row={r} /> },
  ];
  return (
    <Dialog open={fileName !== null} onClose={onClose} fullScreen={phone} fullWidth maxWidth="md" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('title')}</DialogTitle>
      <DialogContent>
        {!answer && !problems.length ? (
          <>
            <DialogContentText>{t('reading', { name: fileName ?? '' })}</DialogContentText>
            <Pending />
          </>
        ) : (
          <>
            {answer && (
              <DialogContentText sx={{ mb: 2 }}>
                {t('summary', {
                  name: fileName ?? '',
                  created: answer.created,
                  changed: answer.changed,
                  unchanged: answer.unchanged,
                  errors: answer.errors + problems.length,
                })}
              </DialogContentText>
            )}
            {blocked && (
              <Alert severity="error" sx={{ mb: 2 }}>
                {t('fixFirst')}
              </Alert>
            )}
            {nothing && (
              <Alert severity="info" sx={{ mb: 2 }}>
                {t('nothing')}
              </Alert>
            )}
            {rows.length > 0 && (
              <ResponsiveTable
                rows={rows}
                columns={columns}
                rowKey={(r) => `${r.line}-${r.action}`}
                cardsBelow="sm"
                aria-label={t('title')}
              />
            )}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('cancel')}</Button>
        <Button variant="contained" onClick={onApply} disabled={!answer || blocked || nothing || applying}>
          {t('apply')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
