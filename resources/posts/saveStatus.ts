/**
 * What a save of the post form asks the API for. The form's own submit (Save, or Enter in a field) publishes: at
 * the publish time, or at once without one; 'Save as draft' keeps the post from customers. The status the record
 * was read with is never sent back as it is, so saving a draft with Save publishes it.
 */
export const asPublished = (data: Record<string, unknown>) => ({ ...data, status: 'PUBLISHED' });
export const asDraft = (data: Record<string, unknown>) => ({ ...data, status: 'DRAFT' });
