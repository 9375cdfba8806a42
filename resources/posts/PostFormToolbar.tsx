import { DeleteWithConfirmButton, SaveButton, Toolbar, useSaveContext } from 'react-admin';
import { Button } from '@mui/material';
import EditNoteIcon from '@mui/icons-material/EditNote';
import { Link } from 'react-router-dom';
import { useFormState } from 'react-hook-form';
import { messages } from '../../domain/messages';
import { useShop } from '../../src/contracts/shopContext';
import { shopUrl } from '../../src/contracts/urls';
import { asDraft } from './saveStatus';

/**
 * Save publishes the post (the page's transform, asPublished); Save as draft keeps it from customers. Both are
 * disabled while the form is invalid (spec 1 §5); an existing post can be deleted after a confirmation.
 */
export function PostFormToolbar({ canDelete = false }: { canDelete?: boolean }) {
  const { isValid, isSubmitting } = useFormState();
  const { saving } = useSaveContext();
  const { shop } = useShop();
  const busy = saving || isSubmitting;
  const list = shopUrl(shop.id, 'posts');
  return (
    <Toolbar sx={{ gap: 1, flexWrap: 'wrap' }}>
      <SaveButton disabled={!isValid || busy} />
      <SaveButton
        type="button"
        variant="outlined"
        label="resources.posts.action.saveDraft"
        icon={<EditNoteIcon />}
        disabled={!isValid || busy}
        transform={asDraft}
      />
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
          // Only meta: react-admin's own success (close, 'Post deleted' from resources.posts.notifications, redirect)
          // and error toast stay in place.
          mutationOptions={{ meta: { shopId: shop.id } }}
        />
      )}
    </Toolbar>
  );
}
