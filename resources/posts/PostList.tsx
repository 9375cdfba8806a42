import { useInfiniteGetList, useTranslate } from 'react-admin';
import { Box, Button, Card, Link as MuiLink, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import ArticleOutlinedIcon from '@mui/icons-material/ArticleOutlined';
import { Link, useNavigate } from 'react-router-dom';
import { IMAGE_ASPECTS, IMAGE_WIDTHS, PAGE_SIZE } from '../../domain/constants';
import { showDateTime } from '../../src/components/dates';
import { messages } from '../../domain/messages';
import { formatMoney, toCents } from '../../domain/money';
import type { Post } from '../../domain/post';
import { useShop } from '../../src/contracts/shopContext';
import { shopUrl } from '../../src/contracts/urls';
import { useReportedError } from '../../src/components/api';
import { mediaUrl } from '../../src/components/media';
import { EmptyState, PageHeader } from '../../src/components/PageHeader';
import { Pending } from '../../src/components/Pending';
import { ResponsiveTable, type ResponsiveColumn } from '../../src/components/ResponsiveTable';
import { TimesIn } from '../../src/components/TimesIn';
import { PostStatusChip } from './PostStatusChip';

const EXCERPT = 90;
const excerpt = (s: string) => (s.length > EXCERPT ? `${s.slice(0, EXCERPT).trimEnd()}…` : s);

/** The post's first image at the spec's post width (130 px), or a blank of the same size. */
function FirstImage({ post }: { post: Post }) {
  const first = post.images.images[0];
  const ratio = IMAGE_ASPECTS[post.images.aspectRatio ?? 'SQUARE'];
  const box = { width: IMAGE_WIDTHS.post, maxWidth: '100%', aspectRatio: String(ratio), borderRadius: 1, display: 'block' };
  if (!first) return <Box sx={{ ...box, bgcolor: 'action.hover' }} aria-hidden />;
  return <Box component="img" src={mediaUrl(first.path, IMAGE_WIDTHS.post)} alt="" loading="lazy" sx={{ ...box, objectFit: 'cover' }} />;
}

/** /shops/{shopId}/posts: newest first, 20 at a time with Load More (spec 1 §2, §4). */
export function PostList() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { shop } = useShop();
  const { data, error, isPending, hasNextPage, fetchNextPage, isFetchingNextPage } = useInfiniteGetList<Post>('posts', {
    pagination: { page: 1, perPage: PAGE_SIZE },
    sort: { field: 'created', order: 'DESC' },
    meta: { shopId: shop.id },
  });
  useReportedError(error);
  const posts = data?.pages.flatMap((p) => p.data) ?? [];
  const edit = (post: Post) => navigate(shopUrl(shop.id, 'posts', post.id, 'edit'));
  const when = (post: Post) =>
    post.status === 'SCHEDULED' && post.publishAt
      ? showDateTime(post.publishAt, shop.timezone)
      : post.status === 'LIVE' && post.expireAt
        ? `until ${showDateTime(post.expireAt, shop.timezone)}`
        : null;

  const columns: ResponsiveColumn<Post>[] = [
    {
      label: 'resources.posts.fields.title',
      primary: true,
      width: 640,
      // The image beside the words, so a phone's card shows them together.
      render: (p) => (
        <Stack direction="row" sx={{ gap: 2, alignItems: 'flex-start', flexWrap: { xs: 'wrap', md: 'nowrap' } }}>
          <Box sx={{ flexShrink: 0 }}>
            <FirstImage post={p} />
          </Box>
          <Box sx={{ minWidth: 0 }}>
            <MuiLink
              component={Link}
              to={shopUrl(shop.id, 'posts', p.id, 'edit')}
              underline="hover"
              sx={{ fontWeight: 600 }}
              data-testid="post-title"
            >
              {p.title}
            </MuiLink>
            <Typography variant="body2" color="text.secondary">
              {excerpt(p.description)}
            </Typography>
          </Box>
        </Stack>
      ),
    },
    {
      label: 'resources.posts.fields.price',
      render: (p) => (p.price == null ? '' : formatMoney(toCents(p.price), shop.country)),
      width: 100,
    },
    {
      label: 'resources.posts.fields.status',
      width: 150,
      render: (p) => (
        <Stack sx={{ gap: 0.5, alignItems: 'flex-start' }}>
          <PostStatusChip status={p.status} />
          {when(p) && (
            <Typography variant="caption" color="text.secondary">
              {when(p)}
            </Typography>
          )}
        </Stack>
      ),
    },
  ];

  return (
    <Box sx={{ py: { xs: 1, sm: 2 }, maxWidth: 1100 }}>
      <PageHeader
        inShop
        title={translate('resources.posts.menu')}
        subtitle={translate('resources.posts.list.subtitle')}
        actions={
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            sx={{ whiteSpace: 'nowrap' }}
            component={Link}
            to={shopUrl(shop.id, 'posts', 'new')}
          >
            {translate('resources.posts.action.new')}
          </Button>
        }
      />
      <Card variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
        {isPending ? (
          <Pending size={28} py={3} />
        ) : posts.length === 0 ? (
          <EmptyState icon={<ArticleOutlinedIcon />} text={messages.listEmpty} />
        ) : (
          <>
            <ResponsiveTable
              rows={posts}
              columns={columns}
              rowKey={(p) => p.id}
              onOpen={edit}
              aria-label={translate('resources.posts.menu')}
              testId="post-row"
              cardsBelow="sm"
              primaryLinks
            />
            <TimesIn zone={shop.timezone} />
          </>
        )}
      </Card>
      {posts.length > 0 && (
        <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}>
          <Button variant="outlined" onClick={() => void fetchNextPage()} disabled={!hasNextPage || isFetchingNextPage}>
            {translate('resources.posts.action.loadMore')}
          </Button>
        </Box>
      )}
    </Box>
  );
}
