import { Fragment, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';

/**
 * A message whose placeholders are elements rather than text ('%{from} invites %{to}', each in bold): the sentence
 * stays one message, in one order, and the parts are put in where it names them. Placeholders not in `parts` are
 * left to translate() as usual.
 */
export function WordsWith({ message, parts, options }: { message: string; parts: Record<string, ReactNode>; options?: object }) {
  const translate = useTranslate();
  // Unknown placeholders come back from polyglot as written, so the parts' names survive translation.
  const pieces = translate(message, options).split(/%\{(\w+)\}/);
  return (
    <>
      {pieces.map((piece, i) => (
        <Fragment key={i}>{i % 2 === 1 && piece in parts ? parts[piece] : i % 2 === 1 ? `%{${piece}}` : piece}</Fragment>
      ))}
    </>
  );
}
