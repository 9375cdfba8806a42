import { Create, SimpleForm, useNotify, useRedirect, useTranslate } from 'react-admin';
import { Box } from '@mui/material';
import { DEFAULT_POST_ASPECT, postMessages, type Post } from '../../domain/post';
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

const defaults = () => ({
  title: '',
  description: '',
  price: null,
  images: { aspectRatio: DEFAULT_POST_ASPECT, images: [] },
  publishAt: null,
  expireAt: null,
});

/** /shops/{shopId}/posts/new: saving shows the success and returns to the list (spec 1 §4). */
export function PostCreate() {
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const onError = useApiError({ formShowsFieldErrors: true });
  const { shop } = useShop();
  return (
    <Box sx={{ py: { xs: 1, sm: 2 } }}>
      <PageHeader inShop title={translate('resources.posts.action.new')} />
      <Create
        resource="posts"
        title={false}
        transform={asPublished}
        sx={{ '& .RaCreate-main': { mt: 0 }, '& .RaCreate-card': { maxWidth: 760 } }}
        mutationOptions={{
          meta: { shopId: shop.id },
          onSuccess: (post: Post) => {
            notify(postMessages.created(post.title), { type: 'success' });
            redirect(shopUrl(shop.id, 'posts'));
          },
          onError,
        }}
      >
        <SimpleForm resolver={postResolver} mode="onChange" defaultValues={defaults()} toolbar={<PostFormToolbar />}>
          <UnsavedChangesGuard />
          <KeepUnsavedValues />
          <PostInputs />
        </SimpleForm>
      </Create>
    </Box>
  );
}
