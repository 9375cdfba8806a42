import { DeleteWithConfirmButton, SaveButton, Toolbar, useNotify, useSaveContext } from 'react-admin';
import { Button } from '@mui/material';
import { Link } from 'react-router-dom';
import { useFormState } from 'react-hook-form';
import { messages } from '../../domain/messages';
import { useShop } from '../../src/contracts/shopContext';
import { shopUrl } from '../../src/contracts/urls';
import { useApiError } from '../../src/components/api';

/** Save is disabled while the form is invalid (spec 1 §5); an existing post can be deleted after a confirmation. */
export function PostFormToolbar({ canDelete = false }: { canDelete?: boolean }) {
  const { isValid, isSubmitting } = useFormState();
  const { saving } = useSaveContext();
  const { shop } = useShop();
  const notify = useNotify();
  const onError = useApiError();
  const busy = saving || isSubmitting;
  const list = shopUrl(shop.id, 'posts');
  return (
    <Toolbar sx={{ gap: 1, flexWrap: 'wrap' }}>
      <SaveButton disabled={!isValid || busy} />
      <Button component={Link} to={list} disabled={busy}>
        Cancel
      </Button>
      {canDelete && (
        <DeleteWithConfirmButton
          sx={{ ml: 'auto' }}
          redirect={list}
          mutationMode="pessimistic"
          confirmTitle="Delete this post?"
          confirmContent={messages.areYouSure}
          mutationOptions={{ meta: { shopId: shop.id }, onSuccess: () => notify(messages.postDeleted, { type: 'success' }), onError }}
        />
      )}
    </Toolbar>
  );
}
