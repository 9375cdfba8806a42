import ts from 'typescript';

/** The attributes whose text a user reads or hears. */
const ATTRIBUTES = new Set(['label', 'title', 'subtitle', 'aria-label', 'helperText', 'placeholder', 'text', 'emptyText']);
/**
 * Words, not a message key or punctuation. A bare lower-camel name (`label="collectionTime"`) is a key too: the
 * component it is given to reads it under its area's messages.
 */
const wordy = (s: string) =>
  /[A-Za-z]{2}/.test(s) && !/^['"`]?(resources|ra|servery)\./.test(s) && !/^['"`]?[a-z][A-Za-z0-9]*['"`]?$/.test(s);

/** Each literal a user would read, as `line: text`. */
export function literalWords(file: string, code: string): string[] {
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const at = (node: ts.Node, text: string) =>
    found.push(`${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${text.trim()}`);
  const visit = (node: ts.Node): void => {
    if (ts.isJsxText(node) && wordy(node.text)) at(node, node.text);
    if (ts.isJsxAttribute(node) && ATTRIBUTES.has(node.name.getText()) && node.initializer) {
      const value = node.initializer;
      if (ts.isStringLiteral(value) && wordy(value.text)) at(node, value.text);
      const inner = ts.isJsxExpression(value) ? value.expression : undefined;
      if (
        inner &&
        (ts.isStringLiteral(inner) || ts.isNoSubstitutionTemplateLiteral(inner) || ts.isTemplateExpression(inner)) &&
        wordy(inner.getText())
      )
        at(node, inner.getText());
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}
