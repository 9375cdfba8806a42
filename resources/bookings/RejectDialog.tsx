import { useState } from 'react';
import { useTranslate } from 'react-admin';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormLabel,
  Radio,
  RadioGroup,
} from '@mui/material';
import { REJECT_REASONS, type RejectReason } from './booking';
import { touchTargets } from '../../src/components/touch';

/** Asks why the booking is rejected: 'No Vacancy' or 'Store Closed' (spec 2 §4). */
export function RejectDialog({
  open,
  name,
  pending,
  onClose,
  onReject,
}: {
  open: boolean;
  name: string;
  pending: boolean;
  onClose: () => void;
  onReject: (reason: RejectReason) => void;
}) {
  const translate = useTranslate();
  const [reason, setReason] = useState<RejectReason>(REJECT_REASONS[0]);
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="reject-booking-title" fullWidth maxWidth="xs" sx={touchTargets}>
      <DialogTitle id="reject-booking-title">
        {translate('resources.bookings.actions.rejectTitle')}: {name}
      </DialogTitle>
      <DialogContent>
        <FormControl>
          <FormLabel id="reject-booking-reason">{translate('resources.bookings.actions.reason')}</FormLabel>
          <RadioGroup aria-labelledby="reject-booking-reason" value={reason} onChange={(e) => setReason(e.target.value as RejectReason)}>
            {REJECT_REASONS.map((r) => (
              <FormControlLabel key={r} value={r} control={<Radio />} label={r} sx={{ minHeight: 44 }} />
            ))}
          </RadioGroup>
        </FormControl>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} sx={{ minHeight: 44 }}>
          {translate('ra.action.cancel')}
        </Button>
        <Button variant="contained" color="error" disabled={pending} onClick={() => onReject(reason)} sx={{ minHeight: 44 }}>
          {translate('resources.bookings.actions.reject')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
