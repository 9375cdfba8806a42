import { useState } from 'react';
import { SaveButton, Toolbar, useDeleteController, useSaveContext, useTranslate } from 'react-admin';
import { Button } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import EditNoteIcon from '@mui/icons-material/EditNote';
import { Link } from 'react-router-dom';
import { useFormState } from 'react-hook-form';
import { messages } from '../../domain/messages';
import { useShop } from '../../src/contracts/shopContext';
import { shopUrl } from '../../src/contracts/urls';
import { asDraft } from './saveStatus';
import { ConfirmDialog } from '../../src/components/ConfirmDialog';

/**
 * Save publishes the post (the page's transform, asPublished); Save as draft keeps it from customers. Both are
 * disabled while the form is invalid (spec 1 §5); an existing post can be deleted after a confirmation.
 */
export function PostFormToolbar({ canDelete = false }: { canDelete?: boolean }) {
  const { isValid, isSubmitting } = useFormState();
  const translate = useTranslate();
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
        {translate('ra.action.cancel')}
      </Button>
      {canDelete && <DeletePostButton list={list} />}
    </Toolbar>
  );
}

/** Delete, after the console's confirmation (Cancel has the focus); react-admin's own toast and redirect follow. */
function DeletePostButton({ list }: { list: string }) {
  const translate = useTranslate();
  const { shop } = useShop();
  const [open, setOpen] = useState(false);
  const { isPending, handleDelete } = useDeleteController({
    redirect: list,
    mutationMode: 'pessimistic',
    mutationOptions: { meta: { shopId: shop.id }, onSettled: () => setOpen(false) },
  });
  return (
    <>
      <Button color="error" startIcon={<DeleteIcon />} sx={{ ml: 'auto' }} onClick={() => setOpen(true)} disabled={isPending}>
        {translate('ra.action.delete')}
      </Button>
      <ConfirmDialog
        isOpen={open}
        loading={isPending}
        title="resources.posts.deleteTitle"
        content={messages.areYouSure}
        confirm="ra.action.delete"
        confirmColor="warning"
        onConfirm={handleDelete}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
