/** The board's list of what is sold out: read by the panel, refreshed by whatever sells something out on the board. */
export const soldOutKey = (shopId: string) => ['shops', shopId, 'sold_out'];
