/** A spreadsheet runs a cell starting with = + - @ (or a tab or CR before one) as a formula; a leading ' keeps it text. */
export const formulaSafe = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);
