import type { ReactNode } from 'react';

/** A labelled field: its label, the control (given the id and error wiring), and its error under it. */
export function Field({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  children: (props: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string }) => ReactNode;
}) {
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-invalid': !!error, 'aria-describedby': error ? errorId : undefined })}
      {error ? (
        <span id={errorId} className="error small">
          {error}
        </span>
      ) : null}
    </div>
  );
}

/** A labelled one-line text field (name, mobile, e-mail): the field, its input and its error. */
export function TextField({
  id,
  label,
  error,
  value,
  onChange,
  type = 'text',
  autoComplete,
}: {
  id: string;
  label: string;
  error?: string;
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'tel' | 'email';
  autoComplete?: string;
}) {
  return (
    <Field id={id} label={label} error={error}>
      {(p) => <input {...p} type={type} autoComplete={autoComplete} value={value} onChange={(e) => onChange(e.target.value)} />}
    </Field>
  );
}
