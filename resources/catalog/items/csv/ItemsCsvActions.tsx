import { useRef, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { Button } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useQueryClient } from '@tanstack/react-query';
import type { ItemCsvImportAnswer } from '../../../../domain/catalog/itemCsv';
import { useShop } from '../../../../src/contracts/shopContext';
import { useApi, useApiMutation } from '../../../../src/components/api';
import type { CatalogApi } from '../../api';
import { ImportCsvDialog } from './ImportCsvDialog';
import { readCsvFile, type CsvFile } from './readCsvFile';

/**
 * The Items page's Export CSV and Import CSV (for those who may edit the catalog). Import reads the chosen file in
 * the browser, asks the server for a dry run, and shows it; Apply sends the same rows again to be applied.
 */
export function ItemsCsvActions() {
  const { shop } = useShop();
  const translate = useTranslate();
  const notify = useNotify();
  const api = useApi<CatalogApi>();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<(CsvFile & { name: string }) | null>(null);
  const [answer, setAnswer] = useState<ItemCsvImportAnswer | null>(null);
  const close = () => (setFile(null), setAnswer(null));

  const exporting = useApiMutation({ mutationFn: () => api.exportItemsCsv(shop.id), success: null });
  const dryRun = useApiMutation({
    mutationFn: (rows: CsvFile['rows']) => api.importItemsCsv(shop.id, { rows, dryRun: true }),
    success: null,
    onSuccess: setAnswer,
  });
  const apply = useApiMutation({
    mutationFn: (rows: CsvFile['rows']) => api.importItemsCsv(shop.id, { rows, dryRun: false }),
    success: null,
    onSuccess: (a) => {
      notify(translate('resources.catalog.csv.applied', { created: a.created, changed: a.changed }), { type: 'success' });
      close();
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: ['items'] }),
        queryClient.invalidateQueries({ queryKey: ['shops', shop.id, 'menu'] }),
      ]);
    },
  });

  async function choose(chosen: File | undefined) {
    if (!chosen) return;
    setAnswer(null);
    let read: CsvFile;
    try {
      read = await readCsvFile(chosen);
    } catch (e) {
      notify(translate('resources.catalog.csv.notCsv', { message: (e as Error).message }), { type: 'error' });
      return;
    }
    setFile({ ...read, name: chosen.name });
    // A file the parser stumbled on is shown as it is; the server sees only whole files.
    if (!read.problems.length) dryRun.mutate(read.rows, { onError: close });
  }

  return (
    <>
      <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => exporting.mutate(undefined)} disabled={exporting.isPending}>
        {translate('resources.catalog.csv.export')}
      </Button>
      <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => input.current?.click()}>
        {translate('resources.catalog.csv.import')}
      </Button>
      <input
        ref={input}
        type="file"
        accept=".csv,text/csv"
        hidden
        aria-label={translate('resources.catalog.csv.import')}
        onChange={(e) => {
          void choose(e.target.files?.[0]);
          // Choosing the same file again (after fixing it) must fire a change.
          e.target.value = '';
        }}
      />
      <ImportCsvDialog
        fileName={file?.name ?? null}
        answer={answer}
        problems={file?.problems ?? []}
        applying={apply.isPending}
        onApply={() => file && apply.mutate(file.rows)}
        onClose={close}
      />
    </>
  );
}
