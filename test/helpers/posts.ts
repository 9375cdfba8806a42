/** A valid post body (no images); tests override what they check. */
export const validPost = (overrides: Record<string, unknown> = {}) => ({
  title: 'Pumpkin Soup',
  description: 'Roasted pumpkin soup with sourdough, all week long.',
  price: 12.5,
  images: { aspectRatio: 'SQUARE', images: [] as { path: string }[] },
  ...overrides,
});
