import { words } from '../words';

/**
 * The simulated provider's card form: the test numbers become the tokens it knows (server/infra/payments/simulated.ts
 * decides what each does); anything else is a card it will call invalid.
 */
export function simulatedToken(number: string): string {
  const digits = number.replace(/\D/g, '');
  if (digits === '4242424242424242') return 'tok_visa';
  if (digits === '4000000000000002') return 'tok_chargeDeclined';
  return 'tok_invalid';
}

export interface CardValue {
  number: string;
  expiry: string;
  cvc: string;
}

export function cardErrors(c: CardValue): Partial<Record<keyof CardValue, string>> {
  const errors: Partial<Record<keyof CardValue, string>> = {};
  if (c.number.replace(/\D/g, '').length < 12) errors.number = words.fieldRequired(words.cardNumber);
  if (!/^\s*(0[1-9]|1[0-2])\s*\/\s*\d{2}\s*$/.test(c.expiry)) errors.expiry = words.fieldRequired(words.expiry);
  if (!/^\s*\d{3,4}\s*$/.test(c.cvc)) errors.cvc = words.fieldRequired(words.cvc);
  return errors;
}

/** Groups of four as it is typed, as printed on the card. */
const spaced = (v: string) =>
  v
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

export function TestCardFields({
  value,
  onChange,
  errors,
}: {
  value: CardValue;
  onChange: (v: CardValue) => void;
  errors: Partial<Record<keyof CardValue, string>>;
}) {
  return (
    <div className="card-fields">
      <p className="note" id="test-mode">
        {words.testMode}
      </p>
      <label className="field">
        <span>{words.cardNumber}</span>
        <input
          name="cardnumber"
          inputMode="numeric"
          autoComplete="cc-number"
          aria-describedby="test-mode"
          aria-invalid={!!errors.number}
          value={value.number}
          onChange={(e) => onChange({ ...value, number: spaced(e.target.value) })}
        />
        {errors.number ? <span className="error small">{errors.number}</span> : null}
      </label>
      <div className="row">
        <label className="field">
          <span>{words.expiry}</span>
          <input
            name="exp-date"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM/YY"
            aria-invalid={!!errors.expiry}
            value={value.expiry}
            onChange={(e) => onChange({ ...value, expiry: e.target.value.slice(0, 7) })}
          />
          {errors.expiry ? <span className="error small">{errors.expiry}</span> : null}
        </label>
        <label className="field">
          <span>{words.cvc}</span>
          <input
            name="cvc"
            inputMode="numeric"
            autoComplete="cc-csc"
            aria-invalid={!!errors.cvc}
            value={value.cvc}
            onChange={(e) => onChange({ ...value, cvc: e.target.value.replace(/\D/g, '').slice(0, 4) })}
          />
          {errors.cvc ? <span className="error small">{errors.cvc}</span> : null}
        </label>
      </div>
    </div>
  );
}
