import { useTranslate } from 'react-admin';
import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField, Typography } from '@mui/material';
import type { AcceptBody, BusyState } from '../../domain/order';
import { REJECT_REASONS } from '../../domain/order';
import type { ApiOrder } from '../../domain/orderView';
import { useApi, useApiMutation, useApiQuery } from '../../src/components/api';
import { touchTargets } from '../../src/components/touch';
import { useShop } from '../../src/contracts/shopContext';
import type { OrdersApi } from './api';
import { busyKey } from './BusyPanel';
import { EtaChoice, etaOf, firstEta, type EtaValue } from './EtaChoice';
import { money, orderTitle } from './format';

type Action = ApiOrder['actions'][number];

/**
 * Accept (with an ETA), reject (with a reason) and complete, as the order's status allows (spec 2 §4); `only` keeps
 * some of them (the board's in-progress cards offer Complete alone).
 */
export function OrderActionsBar({
  order,
  onDone,
  only,
  size = 'medium',
}: {
  order: ApiOrder;
  onDone: (o: ApiOrder, action: Action) => void;
  only?: Action[];
  size?: 'medium' | 'large';
}) {
  const offers = (action: Action) => order.actions.includes(action) && (!only || only.includes(action));
  const api = useApi<OrdersApi>();
  const translate = useTranslate();
  const [dialog, setDialog] = useState<'accept' | 'reject' | null>(null);
  const accept = useApiMutation({
    mutationFn: (eta: AcceptBody['eta']) => api.acceptOrder(order.shopId, order.id, eta),
    success: translate('resources.orders.actions.accepted'),
    onSuccess: (o) => onDone(o, 'accept'),
  });
  const reject = useApiMutation({
    mutationFn: (reason: string) => api.rejectOrder(order.shopId, order.id, reason),
    success: translate('resources.orders.actions.rejected'),
    onSuccess: (o) => onDone(o, 'reject'),
  });
  const complete = useApiMutation({
    mutationFn: () => api.completeOrder(order.shopId, order.id),
    success: translate('resources.orders.actions.completed'),
    onSuccess: (o) => onDone(o, 'complete'),
  });
  const busy = accept.isPending || reject.isPending || complete.isPending;
  if (!order.actions.some(offers)) return null;
  return (
    <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
      {offers('accept') && (
        <Button variant="contained" color="success" size={size} disabled={busy} onClick={() => setDialog('accept')}>
          {translate('resources.orders.actions.accept')}
        </Button>
      )}
      {offers('complete') && (
        <Button variant="contained" size={size} disabled={busy} onClick={() => complete.mutate()}>
          {translate('resources.orders.actions.complete')}
        </Button>
      )}
      {offers('reject') && (
        <Button variant="outlined" color="error" size={size} disabled={busy} onClick={() => setDialog('reject')}>
          {translate('resources.orders.actions.reject')}
        </Button>
      )}
      <AcceptDialog
        order={order}
        open={dialog === 'accept'}
        pending={accept.isPending}
        onClose={() => setDialog(null)}
        onAccept={(eta) =>
          accept.mutateAsync(eta).then(
            () => setDialog(null),
            () => undefined,
          )
        }
      />
      <RejectDialog
        order={order}
        open={dialog === 'reject'}
        card={order.paymentType === 'CREDIT_CARD'}
        pending={reject.isPending}
        onClose={() => setDialog(null)}
        onReject={(reason) =>
          reject.mutateAsync(reason).then(
            () => setDialog(null),
            () => undefined,
          )
        }
      />
    </Stack>
  );
}

function AcceptDialog({
  order,
  open,
  pending,
  onClose,
  onAccept,
}: {
  order: ApiOrder;
  open: boolean;
  pending: boolean;
  onClose: () => void;
  onAccept: (eta: AcceptBody['eta']) => void;
}) {
  const api = useApi<OrdersApi>();
  const translate = useTranslate();
  const { shop } = useShop();
  // The board already follows busy mode (same query); the order page reads it when the dialog opens.
  const busy = useApiQuery<BusyState>({ queryKey: busyKey(order.shopId), queryFn: () => api.getBusy(order.shopId), enabled: open });
  const [choice, setChoice] = useState<EtaValue>(firstEta(Boolean(order.collectionTime)));
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="accept-title" aria-describedby="accept-order" sx={touchTargets}>
      <DialogTitle id="accept-title">{translate('resources.orders.actions.acceptTitle')}</DialogTitle>
      <DialogContent>
        <WhichOrder id="accept-order" order={order} />
        <EtaChoice
          collectionTime={order.collectionTime}
          timeZone={shop.timezone}
          extraMinutes={busy.data?.extraMinutes ?? 0}
          value={choice}
          onChange={setChoice}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" color="success" disabled={pending} onClick={() => onAccept(etaOf(choice))}>
          {translate('resources.orders.actions.accept')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The order a dialog acts on, as the card shows it: #1042 · Olivia Brown · $26.41. */
function WhichOrder({ id, order }: { id: string; order: ApiOrder }) {
  const { shop } = useShop();
  return (
    <Typography id={id} data-testid="dialog-order" sx={{ fontWeight: 600, mb: 1 }}>
      {`${orderTitle(order)} · ${money(order.grandTotal, shop.country)}`}
    </Typography>
  );
}

function RejectDialog({
  order,
  open,
  card,
  pending,
  onClose,
  onReject,
}: {
  order: ApiOrder;
  open: boolean;
  card: boolean;
  pending: boolean;
  onClose: () => void;
  onReject: (reason: string) => void;
}) {
  const translate = useTranslate();
  // No reason is chosen for the owner: a preset one ('Store Closed' while the shop is open) would go out unread.
  const [reason, setReason] = useState<string>('');
  const [other, setOther] = useState('');
  const text = reason === 'Other' ? other.trim() : reason;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby="reject-title"
      aria-describedby="reject-order"
      fullWidth
      maxWidth="xs"
      sx={touchTargets}
    >
      <DialogTitle id="reject-title">{translate('resources.orders.actions.rejectTitle')}</DialogTitle>
      <DialogContent>
        <WhichOrder id="reject-order" order={order} />
        <Stack sx={{ gap: 2, pt: 1 }}>
          <TextField select label={translate('resources.orders.actions.reason')} value={reason} onChange={(e) => setReason(e.target.value)}>
            {[...REJECT_REASONS, 'Other'].map((r) => (
              <MenuItem key={r} value={r}>
                {r}
              </MenuItem>
            ))}
          </TextField>
          {reason === 'Other' && (
            <TextField
              label={translate('resources.orders.actions.otherReason')}
              value={other}
              onChange={(e) => setOther(e.target.value)}
              slotProps={{ htmlInput: { maxLength: 200 } }}
            />
          )}
          {card && <span>{translate('resources.orders.actions.cardRefunded')}</span>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" color="error" disabled={pending || !text} onClick={() => onReject(text)}>
          {translate('resources.orders.actions.reject')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
