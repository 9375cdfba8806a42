import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslate } from 'react-admin';
import { Alert, Box, Button, Card, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import AddPhotoAlternateOutlinedIcon from '@mui/icons-material/AddPhotoAlternateOutlined';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import ViewCarouselOutlinedIcon from '@mui/icons-material/ViewCarouselOutlined';
import { IMAGE_MIME_TYPES, IMAGE_WIDTHS } from '../../domain/constants';
import { messages } from '../../domain/messages';
import { BILLBOARD_ASPECT, BILLBOARDS_MAX, type Billboards } from '../../domain/post';
import { useShop } from '../../src/contracts/shopContext';
import { useApi, useApiMutation, useApiQuery } from '../../src/components/api';
import type { BillboardsApi } from './api';
import { CropDialog } from '../../src/components/ImageInput';
import { mediaUrl } from '../../src/components/media';
import { EmptyState, PageHeader } from '../../src/components/PageHeader';
import { Pending } from '../../src/components/Pending';
import { ResponsiveTable, type ResponsiveColumn } from '../../src/components/ResponsiveTable';
import { useMessage } from '../../src/components/useMessage';
import { ConfirmDialog } from '../../src/components/ConfirmDialog';

type Row = { path: string; index: number };

const move = <T,>(list: T[], from: number, to: number) => {
  const next = list.slice();
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
};

/**
 * The shop's billboards (spec 1 §2): a table of 16:9 images with Move Up, Move Down and Delete, and Upload Image.
 * Every change saves the whole ordered list at once, so the order saved is always the order shown.
 */
export function BillboardsPage() {
  const translate = useTranslate();
  const message = useMessage();
  const api = useApi<BillboardsApi>();
  const queryClient = useQueryClient();
  const { shop } = useShop();
  const key = ['billboards', shop.id];
  const { data, isPending } = useApiQuery<Billboards>({ queryKey: key, queryFn: () => api.getBillboards(shop.id) });
  const save = useApiMutation<Billboards, Billboards>({
    mutationFn: (value) => api.putBillboards(shop.id, value),
    success: messages.billboardsSaved,
    onSuccess: (saved) => queryClient.setQueryData(key, saved),
  });
  const [deleting, setDeleting] = useState<Row | null>(null);
  const picker = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const images = data?.images ?? [];
  const full = images.length >= BILLBOARDS_MAX;
  const busy = save.isPending;
  const t = (k: string, o?: Record<string, unknown>) => translate(`resources.billboards.action.${k}`, o);

  const put = (next: { path: string }[]) => save.mutateAsync({ images: next }).catch(() => undefined);
  const onPicked = (e: ChangeEvent<HTMLInputElement>) => {
    const picked = e.target.files?.[0] ?? null;
    e.target.value = '';
    if (!picked) return;
    const ok = (IMAGE_MIME_TYPES as readonly string[]).includes(picked.type);
    setFile(ok ? picked : null);
    setFileError(ok ? null : message('uploadNotImage'));
  };
  const close = () => {
    setOpen(false);
    setFile(null);
    setFileError(null);
  };

  const rows: Row[] = images.map((i, index) => ({ path: i.path, index }));
  const columns: ResponsiveColumn<Row>[] = [
    { label: 'resources.billboards.fields.position', render: (r) => r.index + 1, width: 80 },
    {
      label: 'resources.billboards.fields.preview',
      primary: true,
      render: (r) => (
        <Box
          component="img"
          src={mediaUrl(r.path, IMAGE_WIDTHS.thumbnail)}
          alt={`Billboard ${r.index + 1}`}
          data-testid="billboard-preview"
          data-path={r.path}
          sx={{
            width: 240,
            maxWidth: '100%',
            aspectRatio: '16 / 9',
            objectFit: 'cover',
            borderRadius: 1,
            border: 1,
            borderColor: 'divider',
            display: 'block',
          }}
        />
      ),
    },
  ];

  return (
    <Box sx={{ py: { xs: 1, sm: 2 }, maxWidth: 1100 }}>
      <PageHeader
        inShop
        title={translate('resources.billboards.menu')}
        subtitle={translate('resources.billboards.subtitle', { max: BILLBOARDS_MAX })}
        actions={
          <Button
            variant="contained"
            startIcon={<AddPhotoAlternateOutlinedIcon />}
            disabled={full || busy || isPending}
            sx={{ whiteSpace: 'nowrap' }}
            onClick={() => {
              setOpen(true);
              picker.current?.click();
            }}
          >
            {t('upload')}
          </Button>
        }
      />
      {full && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="billboards-full">
          {messages.billboardsMax}
        </Alert>
      )}
      <Card variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
        {isPending ? (
          <Pending size={28} py={3} />
        ) : rows.length === 0 ? (
          <EmptyState icon={<ViewCarouselOutlinedIcon />} text={messages.listEmpty} />
        ) : (
          <ResponsiveTable
            rows={rows}
            columns={columns}
            rowKey={(r) => r.path}
            aria-label={translate('resources.billboards.menu')}
            testId="billboard-row"
            cardsBelow="sm"
            actions={(r) => (
              <>
                <Button
                  size="small"
                  startIcon={<ArrowUpwardIcon />}
                  disabled={busy || r.index === 0}
                  onClick={() => put(move(images, r.index, r.index - 1))}
                  aria-label={t('moveUpRow', { n: r.index + 1 })}
                >
                  {t('moveUp')}
                </Button>
                <Button
                  size="small"
                  startIcon={<ArrowDownwardIcon />}
                  disabled={busy || r.index === images.length - 1}
                  onClick={() => put(move(images, r.index, r.index + 1))}
                  aria-label={t('moveDownRow', { n: r.index + 1 })}
                >
                  {t('moveDown')}
                </Button>
                <Button
                  size="small"
                  color="error"
                  startIcon={<DeleteOutlineIcon />}
                  disabled={busy}
                  onClick={() => setDeleting(r)}
                  aria-label={t('deleteRow', { n: r.index + 1 })}
                >
                  {t('delete')}
                </Button>
              </>
            )}
          />
        )}
      </Card>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {translate('resources.billboards.cropped')}
      </Typography>
      <input ref={picker} type="file" accept="image/*" hidden onChange={onPicked} data-testid="billboard-file" aria-label={t('upload')} />
      <CropDialog
        open={open}
        aspect={BILLBOARD_ASPECT}
        file={file}
        fileError={fileError}
        onChoose={() => picker.current?.click()}
        onClose={close}
        onUploaded={(image) => {
          close();
          void put([...images, { path: image.path }]);
        }}
      />
      <ConfirmDialog
        isOpen={deleting !== null}
        title={messages.areYouSure}
        content={deleting ? t('deleteConfirm', { n: deleting.index + 1 }) : ''}
        confirm={t('delete')}
        confirmColor="warning"
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) void put(images.filter((_, i) => i !== deleting.index));
          setDeleting(null);
        }}
      />
    </Box>
  );
}
