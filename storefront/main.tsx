import { hydrateRoot } from 'react-dom/client';
import { App } from './App';
import type { PageData } from './types';
import './styles.css';

// The server rendered the page from this data; the same data makes the same first render here, which React adopts.
const island = document.getElementById('page-data');
const root = document.getElementById('root');
if (island && root) hydrateRoot(root, <App data={JSON.parse(island.textContent ?? '{}') as PageData} />);
