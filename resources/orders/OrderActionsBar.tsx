import { useTranslate } from 'react-admin';
import { useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormLabel,
  MenuItem,
  Radio,
  RadioGroup,
  Stack,
  TextField,
} from '@mui/material';
import type { AcceptBody } from '../../domain/order';
import { ETA_MINUTES, etaLabel, REJECT_REASONS } from '../../domain/order';
import type { ApiOrder } from '../../domain/orderView';
import { useApi, useApiMutation } from '../../src/components/api';
import type { OrdersApi } from './api';

/** Accept (with an ETA), reject (with a reason) and complete, as the order's status allows (spec 2 §4). */
export function OrderActionsBar({ order, onDone }: { order: ApiOrder; onDone: (o: ApiOrder) => void }) {
  const api = useApi<OrdersApi>();
  const [dialog, setDialog] = useState<'accept' | 'reject' | null>(null);
  const accept = useApiMutation({
    mutationFn: (eta: AcceptBody['eta']) => api.acceptOrder(order.shopId, order.id, eta),
    success: 'Order accepted',
    onSuccess: onDone,
  });
  const reject = useApiMutation({
    mutationFn: (reason: string) => api.rejectOrder(order.shopId, order.id, reason),
    success: 'Order rejected',
    onSuccess: onDone,
  });
  const complete = useApiMutation({
    mutationFn: () => api.completeOrder(order.shopId, order.id),
    success: 'Order completed',
    onSuccess: onDone,
  });
  const busy = accept.isPending || reject.isPending || complete.isPending;
  if (!order.actions.length) return null;
  return (
    <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
      {order.actions.includes('accept') && (
        <Button variant="contained" color="success" disabled={busy} onClick={() => setDialog('accept')}>
          Accept
        </Button>
      )}
      {order.actions.includes('complete') && (
        <Button variant="contained" disabled={busy} onClick={() => complete.mutate()}>
          Complete
        </Button>
      )}
      {order.actions.includes('reject') && (
        <Button variant="outlined" color="error" disabled={busy} onClick={() => setDialog('reject')}>
          Reject
        </Button>
      )}
      <AcceptDialog
        open={dialog === 'accept'}
        asRequested={Boolean(order.collectionTime)}
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
  open,
  asRequested,
  pending,
  onClose,
  onAccept,
}: {
  open: boolean;
  asRequested: boolean;
  pending: boolean;
  onClose: () => void;
  onAccept: (eta: AcceptBody['eta']) => void;
}) {
  const translate = useTranslate();
  const [choice, setChoice] = useState<string>(asRequested ? 'asRequested' : '15');
  const eta: AcceptBody['eta'] = choice === 'none' ? null : choice === 'asRequested' ? { asRequested: true } : { minutes: Number(choice) };
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="accept-title">
      <DialogTitle id="accept-title">Accept order</DialogTitle>
      <DialogContent>
        <FormControl>
          <FormLabel id="eta-label">Ready in (ETA)</FormLabel>
          <RadioGroup aria-labelledby="eta-label" value={choice} onChange={(e) => setChoice(e.target.value)}>
            {asRequested && (
              <FormControlLabel value="asRequested" control={<Radio />} label={translate('resources.orders.actions.asRequested')} />
            )}
            {ETA_MINUTES.map((m) => (
              <FormControlLabel key={m} value={String(m)} control={<Radio />} label={etaLabel(m)} />
            ))}
            <FormControlLabel value="none" control={<Radio />} label={translate('resources.orders.actions.noEta')} />
          </RadioGroup>
        </FormControl>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" color="success" disabled={pending} onClick={() => onAccept(eta)}>
          Accept
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function RejectDialog({
  open,
  card,
  pending,
  onClose,
  onReject,
}: {
  open: boolean;
  card: boolean;
  pending: boolean;
  onClose: () => void;
  onReject: (reason: string) => void;
}) {
  const translate = useTranslate();
  const [reason, setReason] = useState<string>(REJECT_REASONS[0]);
  const [other, setOther] = useState('');
  const text = reason === 'Other' ? other.trim() : reason;
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="reject-title" fullWidth maxWidth="xs">
      <DialogTitle id="reject-title">Reject order</DialogTitle>
      <DialogContent>
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
          {card && <span>The customer paid by card: the payment will be refunded.</span>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" color="error" disabled={pending || !text} onClick={() => onReject(text)}>
          Reject
        </Button>
      </DialogActions>
    </Dialog>
  );
}
