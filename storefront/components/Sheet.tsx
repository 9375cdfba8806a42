import { useEffect, useRef, type ReactNode } from 'react';
import { words } from '../words';

/**
 * A modal sheet on the browser's own <dialog>: showModal() makes the rest of the page inert (focus stays inside), Escape
 * closes it, and the focus goes back to what opened it. A bottom sheet on phones, a centred panel (or a side drawer)
 * on wider screens.
 */
export function Sheet({
  open,
  onClose,
  title,
  titleId,
  variant = 'sheet',
  children,
  footer,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  titleId: string;
  variant?: 'sheet' | 'drawer';
  children: ReactNode;
  footer?: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const closeRef = useRef(onClose);
  useEffect(() => {
    closeRef.current = onClose;
  });

  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) {
      opener.current = document.activeElement as HTMLElement | null;
      d.showModal();
    } else if (!open && d.open) d.close();
  }, [open]);

  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    const closed = () => {
      closeRef.current();
      const back = opener.current;
      opener.current = null;
      if (back?.isConnected) back.focus();
    };
    d.addEventListener('close', closed);
    return () => d.removeEventListener('close', closed);
  }, []);

  return (
    <dialog
      ref={ref}
      className={`sheet sheet-${variant}`}
      aria-labelledby={titleId}
      // A tap on the backdrop (the dialog box itself, outside its panel) closes it.
      onClick={(e) => {
        if (e.target === e.currentTarget) e.currentTarget.close();
      }}
    >
      {open ? (
        <div className="sheet-panel">
          <header className="sheet-head">
            <h2 id={titleId}>{title}</h2>
            <button type="button" className="icon-button" aria-label={words.close} onClick={() => ref.current?.close()}>
              <svg aria-hidden="true" width="20" height="20" viewBox="0 0 20 20">
                <path d="M5 5l10 10M15 5L5 15" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </button>
          </header>
          <div className="sheet-body">{children}</div>
          {footer ? <footer className="sheet-foot">{footer}</footer> : null}
        </div>
      ) : null}
    </dialog>
  );
}
