import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { PostStatus } from '../../domain/post';

const COLOR = { DRAFT: 'default', SCHEDULED: 'info', LIVE: 'success', EXPIRED: 'warning' } as const;

/** Draft / Scheduled / Live / Expired: whether customers see the post now. */
export function PostStatusChip({ status }: { status: PostStatus }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={COLOR[status]}
      label={translate(`resources.posts.status.${status}`)}
      data-testid="post-status"
    />
  );
}
