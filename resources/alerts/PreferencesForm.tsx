import { useState, type FormEvent } from 'react';
import { useTranslate } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Box,
  Button,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  Switch,
} from '@mui/material';
import SaveIcon from '@mui/icons-material/Save';
import VolumeUpIcon from '@mui/icons-material/VolumeUp';
import { messages } from '../../domain/messages';
import type { ShopPreferences } from '../../domain/preferences';
import { useShop } from '../../src/contracts/shopContext';
import { useApi, useApiMutation } from '../../src/components/api';
import { shopPreferencesKey } from '../../src/components/alerts';
import { previewSound, SOUNDS, type SoundName } from '../../src/components/live/sounds';
import { useShopPreferences } from '../../src/components/live/useSoundSetting';
import { Pending } from '../../src/components/Pending';

const t = (key: string) => `resources.alerts.mine.${key}`;

/**
 * The member's own alerts at this shop: which mails they get, and whether and how the live boards ring, with a Test
 * that plays the chosen sound. Saved for this member at this shop only; the boards read the same cached document.
 */
export function PreferencesForm({ userId }: { userId: string }) {
  const translate = useTranslate();
  const api = useApi();
  const { shop } = useShop();
  const queryClient = useQueryClient();
  const stored = useShopPreferences(userId);
  const [edits, setEdits] = useState<Partial<ShopPreferences>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [cannotPlay, setCannotPlay] = useState(false);
  const save = useApiMutation({
    mutationFn: (value: Partial<ShopPreferences>) => api.updateShopPreferences(shop.id, value),
    success: messages.saved,
    onSuccess: (saved) => {
      queryClient.setQueryData(shopPreferencesKey(shop.id, userId), saved);
      setEdits({});
    },
  });

  if (stored.error) return <Alert severity="error">{stored.error.message}</Alert>;
  if (!stored.data) return <Pending />;
  const form: ShopPreferences = { ...stored.data, ...edits };
  const set = (patch: Partial<ShopPreferences>) => {
    setEdits((e) => ({ ...e, ...patch }));
    setErrors({});
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutateAsync(form).catch((error) => setErrors(error?.body?.errors ?? {}));
  };
  const test = async () => setCannotPlay(!(await previewSound(form.sound)));
  const toggle = (field: 'orderPlaced' | 'newBooking' | 'soundOn') => (
    <FormControlLabel
      control={<Switch checked={form[field]} onChange={(e) => set({ [field]: e.target.checked })} name={field} />}
      label={translate(t(field))}
      sx={{ minHeight: 44 }}
    />
  );
  const soundName = (s: SoundName) => translate(`resources.alerts.sounds.${s}`);

  return (
    <Box component="form" onSubmit={submit} noValidate aria-label={translate(t('title'))} data-testid="preferences-form">
      <Stack sx={{ gap: 2 }}>
        <FormControl component="fieldset" error={Boolean(errors.orderPlaced || errors.newBooking)}>
          <FormLabel component="legend">{translate(t('mails'))}</FormLabel>
          <FormGroup>
            {toggle('orderPlaced')}
            {toggle('newBooking')}
          </FormGroup>
          {(errors.orderPlaced || errors.newBooking) && <FormHelperText>{errors.orderPlaced ?? errors.newBooking}</FormHelperText>}
        </FormControl>
        <FormControl component="fieldset" error={Boolean(errors.soundOn || errors.sound)}>
          <FormLabel component="legend">{translate(t('board'))}</FormLabel>
          <FormGroup>{toggle('soundOn')}</FormGroup>
          {errors.soundOn && <FormHelperText>{errors.soundOn}</FormHelperText>}
        </FormControl>
        <FormControl component="fieldset" error={Boolean(errors.sound)} disabled={!form.soundOn}>
          <FormLabel component="legend" id="sound-label">
            {translate(t('sound'))}
          </FormLabel>
          <Stack direction="row" sx={{ flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
            <RadioGroup row aria-labelledby="sound-label" value={form.sound} onChange={(e) => set({ sound: e.target.value as SoundName })}>
              {SOUNDS.map((s) => (
                <FormControlLabel key={s} value={s} control={<Radio />} label={soundName(s)} sx={{ minHeight: 44 }} />
              ))}
            </RadioGroup>
            <Button
              variant="outlined"
              startIcon={<VolumeUpIcon />}
              onClick={() => void test()}
              aria-label={translate(t('testSound'), { sound: soundName(form.sound) })}
              sx={{ minHeight: 44 }}
            >
              {translate(t('test'))}
            </Button>
          </Stack>
          {errors.sound && <FormHelperText>{errors.sound}</FormHelperText>}
        </FormControl>
        {cannotPlay && (
          <Alert severity="warning" onClose={() => setCannotPlay(false)}>
            {translate(t('cannotPlay'))}
          </Alert>
        )}
        <Box>
          <Button type="submit" variant="contained" startIcon={<SaveIcon />} disabled={save.isPending} sx={{ minHeight: 44 }}>
            {translate('ra.action.save')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
