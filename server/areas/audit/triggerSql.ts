const list = (columns: readonly string[]) => columns.join(',');

/**
 * The SQL that audits a table from now on, for an area's migration (paste it after drizzle-kit's output): every
 * INSERT, UPDATE and DELETE made by a person or an API key becomes an entry of `kind`, in the change's transaction.
 * `secret` columns are masked; `ignore` columns (timestamps, counters) are left out and a change of only them is none.
 */
export function auditTriggerSql(
  table: string,
  opts: { kind: string; shopColumn?: string; idColumns?: readonly string[]; secret?: readonly string[]; ignore?: readonly string[] },
): string {
  const args = [opts.kind, opts.shopColumn ?? 'shop_id', list(opts.idColumns ?? ['id']), list(opts.secret ?? []), list(opts.ignore ?? [])];
  if (args.some((a) => a.includes("'"))) throw new Error('audit trigger arguments are plain column names');
  return (
    `CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON "${table}"\n` +
    `  FOR EACH ROW EXECUTE FUNCTION audit_change(${args.map((a) => `'${a}'`).join(', ')});`
  );
}
