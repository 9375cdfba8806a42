import { Edit, SimpleForm, useNotify, useRedirect, useTranslate } from 'react-admin';
import { Box } from '@mui/material';
import { useParams } from 'react-router-dom';
import { postMessages, type Post } from '../../domain/post';
import { useShop } from '../../src/contracts/shopContext';
import { shopUrl } from '../../src/contracts/urls';
import { useApiError } from '../../src/components/api';
import { KeepUnsavedValues } from '../../src/components/KeepUnsavedValues';
import { PageHeader } from '../../src/components/PageHeader';
import { PostFormToolbar } from './PostFormToolbar';
import { PostInputs } from './PostInputs';
import { postResolver } from './postResolver';
import { asPublished } from './saveStatus';
import { UnsavedChangesGuard } from '../../src/components/forms/UnsavedChangesGuard';

/** /shops/{shopId}/posts/{postId}/edit: '{title} Updated', then back to the list (spec 1 §4). */
export function PostEdit() {
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const onError = useApiError({ formShowsFieldErrors: true });
  const { shop } = useShop();
  const { postId = '' } = useParams();
  const list = shopUrl(shop.id, 'posts');
  return (
    <Box sx={{ py: { xs: 1, sm: 2 } }}>
      <PageHeader inShop title={translate('resources.posts.action.edit')} />
      <Edit
        resource="posts"
        id={postId}
        title={false}
        transform={asPublished}
        redirect={list}
        sx={{ '& .RaEdit-main': { mt: 0 }, '& .RaEdit-card': { maxWidth: 760 } }}
        mutationMode="pessimistic"
        queryOptions={{
          meta: { shopId: shop.id },
          retry: false,
          // 'Cannot find post with id …' (spec 1 §8), then the list.
          onError: (error: unknown) => {
            onError(error);
            redirect(list);
          },
        }}
        mutationOptions={{
          meta: { shopId: shop.id },
          onSuccess: (post: Post) => {
            notify(postMessages.updated(post.title), { type: 'success' });
            redirect(list);
          },
          onError,
        }}
      >
        <SimpleForm resolver={postResolver} mode="onChange" toolbar={<PostFormToolbar canDelete />}>
          <UnsavedChangesGuard />
          <KeepUnsavedValues />
          <PostInputs />
        </SimpleForm>
      </Edit>
    </Box>
  );
}
