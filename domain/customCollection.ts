import { z } from 'zod';
import { format, messages } from './messages';
import { optionalText, requiredText } from './checkout';

const CUSTOM_COLLECTION_TITLE = { min: 4, max: 18 } as const;
const CUSTOM_COLLECTION_SUBTITLE = { min: 4, max: 60 } as const;
const CUSTOM_COLLECTION_ENTRY = { min: 3, max: 24 } as const;
const CUSTOM_COLLECTION_ENTRIES_MAX = 50;

/**
 * The `custom_collection` settings kind (spec 3 §3 "Custom collection schedule"): the collection times customers
 * pick from when checkout's collection time is CUSTOM ('Tomorrow morning', 'Friday after 5').
 */
export const customCollectionSchema = z.object({
  title: requiredText('Title', CUSTOM_COLLECTION_TITLE),
  subtitle: optionalText(CUSTOM_COLLECTION_SUBTITLE),
  list: z
    .array(requiredText('Entry', CUSTOM_COLLECTION_ENTRY), { error: messages.atLeastOneEntry })
    .min(1, { error: messages.atLeastOneEntry })
    .max(CUSTOM_COLLECTION_ENTRIES_MAX, { error: format(messages.tooManyEntries, { n: CUSTOM_COLLECTION_ENTRIES_MAX }) }),
});
export type CustomCollection = z.output<typeof customCollectionSchema>;

/** Spec 3 §3: a new schedule has an empty title and subtitle and one empty entry. */
export const defaultCustomCollection: CustomCollection = { title: '', subtitle: '', list: [''] };
