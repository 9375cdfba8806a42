/** How long a card may take to leave its column after its action answered (a re-render, a dialog closing). */
const WAIT_MS = 1500;
const STEP_MS = 50;

/**
 * A card that an action takes off its column (accepted, rejected, completed) leaves the keyboard nowhere: the focus
 * would fall back to the top of a long page. Once the card is gone, the next card of the column (else the one before,
 * else the column's heading) takes the focus. A card the action leaves in place keeps its own.
 */
export function keepFocusInColumn(card: Element | null) {
  if (!card) return;
  const column = card.closest('section');
  const neighbours = [card.nextElementSibling, card.previousElementSibling];
  const started = Date.now();
  const look = () => {
    if (card.isConnected) {
      if (Date.now() - started < WAIT_MS) setTimeout(look, STEP_MS);
      return;
    }
    const next = neighbours.find((n) => n?.isConnected)?.querySelector<HTMLElement>('a[href], button:not([disabled])');
    const heading = column?.isConnected ? column.querySelector<HTMLElement>('h2') : null;
    const target = next ?? heading;
    if (!target) return;
    if (target === heading) heading.tabIndex = -1;
    target.focus();
  };
  setTimeout(look, 0);
}
