/**
 * A page's first view is pre-rendered by the build (src/prerender) into the HTML, so it paints before the JavaScript
 * arrives: `<div id="prerendered" data-path="/login">` beside the empty `#root`, which its style hides. The copy's
 * own early script and the console both read and remove it with these (no React here: the early scripts are small).
 */
export const PRERENDERED_ID = 'prerendered';
export const PRERENDERED_STYLE_ID = 'prerendered-css';

export interface Handover {
  /** The values typed into the copy's fields, by field name. */
  values: Record<string, string>;
  /** The visitor pressed the form's button (or Enter) before the live page was there: send the form now. */
  submitted: boolean;
  /**
   * The server's answer when the copy's own script sent the form and it was refused (status and JSON body): the live
   * page shows it as its own, without sending the form again.
   */
  answer: { status: number; body: unknown } | null;
}

/** Removes the pre-rendered copy and its style; answers what the visitor had typed, or null when there was none. */
export function dropPrerendered(): (Handover & { focused: string | null }) | null {
  const copy = document.getElementById(PRERENDERED_ID);
  if (!copy) return null;
  const values: Record<string, string> = {};
  for (const input of copy.querySelectorAll<HTMLInputElement>('input[name]')) values[input.name] = input.value;
  const active = document.activeElement;
  const focused = active instanceof HTMLInputElement && copy.contains(active) ? active.name : null;
  const submitted = copy.dataset.submitted === 'true';
  let answer: Handover['answer'] = null;
  try {
    answer = copy.dataset.answer ? (JSON.parse(copy.dataset.answer) as Handover['answer']) : null;
  } catch {
    answer = null;
  }
  removeCopy();
  return { values, focused, submitted, answer };
}

/** The path the copy was rendered for, while it is shown. */
export function prerenderedPath(): string | null {
  return document.getElementById(PRERENDERED_ID)?.dataset.path ?? null;
}

/** Takes the copy and its style away: the console's own page shows from here on. */
export function removeCopy() {
  document.getElementById(PRERENDERED_ID)?.remove();
  document.getElementById(PRERENDERED_STYLE_ID)?.remove();
}
