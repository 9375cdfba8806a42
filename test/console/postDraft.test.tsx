import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { testDataProvider, type DataProvider } from 'react-admin';
import { renderInShop } from '../helpers/renderInShop';
import { PostCreate } from '../../resources/posts/PostCreate';
import { PostEdit } from '../../resources/posts/PostEdit';
import type { Post } from '../../domain/post';
import type { Shop } from '../../domain/shop';

/** The post form's two saves: 'Save' publishes (at once without a schedule), 'Save as draft' is the explicit draft. */
const shop = { id: 'shop-1', name: 'Harbour Beans', timezone: 'Australia/Sydney', country: 'AU' } as Shop;

const stored: Post = {
  id: 'post-1',
  created: '2026-11-24T01:00:00.000Z',
  updated: '2026-11-24T01:00:00.000Z',
  title: 'Pumpkin Soup',
  description: 'Roasted pumpkin soup with sourdough, all week long.',
  price: null,
  images: { aspectRatio: 'SQUARE', images: [] },
  publishAt: null,
  expireAt: null,
  status: 'DRAFT',
};

function providerSaving() {
  const saved = (params: { data: Partial<Post> }) => ({ data: { ...stored, ...params.data } });
  return {
    ...testDataProvider(),
    getOne: async () => ({ data: stored }),
    create: vi.fn(async (_resource: string, params: { data: Partial<Post> }) => saved(params)),
    update: vi.fn(async (_resource: string, params: { data: Partial<Post> }) => saved(params)),
  } as unknown as DataProvider & { create: ReturnType<typeof vi.fn>; update: ReturnType<typeof vi.fn> };
}

async function fillNewPost() {
  fireEvent.change(await screen.findByLabelText('Title', undefined, { timeout: 5000 }), { target: { value: 'Pumpkin Soup' } });
  fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'Roasted pumpkin soup with sourdough, all week long.' } });
  await waitFor(() => expect((screen.getByRole('button', { name: 'Save as draft' }) as HTMLButtonElement).disabled).toBe(false));
}

afterEach(cleanup);

describe('saving a post', () => {
  it("says an empty publish time publishes at once, and 'Save' sends PUBLISHED", async () => {
    const dataProvider = providerSaving();
    renderInShop(<PostCreate />, { shop, dataProvider });
    await fillNewPost();
    expect(screen.getByText('Empty: published as soon as you save')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(dataProvider.create).toHaveBeenCalledTimes(1));
    expect(dataProvider.create.mock.calls[0][1].data).toMatchObject({ title: 'Pumpkin Soup', publishAt: null, status: 'PUBLISHED' });
  });

  it("'Save as draft' sends DRAFT", async () => {
    const dataProvider = providerSaving();
    renderInShop(<PostCreate />, { shop, dataProvider });
    await fillNewPost();
    fireEvent.click(screen.getByRole('button', { name: 'Save as draft' }));
    await waitFor(() => expect(dataProvider.create).toHaveBeenCalledTimes(1));
    expect(dataProvider.create.mock.calls[0][1].data).toMatchObject({ title: 'Pumpkin Soup', status: 'DRAFT' });
  });

  it("publishes a draft being edited with 'Save'", async () => {
    const dataProvider = providerSaving();
    renderInShop(
      <Routes>
        <Route path="/posts/:postId/edit" element={<PostEdit />} />
      </Routes>,
      { shop, dataProvider, path: '/posts/post-1/edit' },
    );
    await waitFor(() => expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Pumpkin Soup'), { timeout: 5000 });
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Pumpkin Soup Week' } });
    await waitFor(() => expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(dataProvider.update).toHaveBeenCalledTimes(1));
    expect(dataProvider.update.mock.calls[0][1].data).toMatchObject({ title: 'Pumpkin Soup Week', status: 'PUBLISHED' });
  });
});
