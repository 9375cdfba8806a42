import ArticleIcon from '@mui/icons-material/Article';
import { Route, Routes } from 'react-router-dom';
import type { ShopSection } from '../../src/contracts/shopSection';
import { lazyPage } from '../../src/components/lazyPage';

/** /shops/{shopId}/posts, posts/new and posts/{postId}/edit (spec 1 §2, spec 3 §2.3 'Posts'). */
export const section: ShopSection = {
  path: 'posts',
  menu: { label: 'resources.posts.menu', icon: ArticleIcon, group: 'customers', order: 30, role: 'USER', permission: 'posts' },
  element: (
    <Routes>
      <Route index element={lazyPage(() => import('./PostList'), 'PostList')} />
      <Route path="new" element={lazyPage(() => import('./PostCreate'), 'PostCreate')} />
      <Route path=":postId/edit" element={lazyPage(() => import('./PostEdit'), 'PostEdit')} />
    </Routes>
  ),
};
