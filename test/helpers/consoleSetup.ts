import { loadAllAreaWords } from '../../src/areaWords';

// Components are rendered as their area's pages are, after its words have been fetched.
await loadAllAreaWords();
