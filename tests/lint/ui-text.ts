import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

/** A piece of text a user may read: a JSX text or a string literal, where it lies. */
export interface UiText {
  file: string;
  line: number;
  text: string;
  /** The literal's range in the file (for tools that fix it). */
  start: number;
  end: number;
}

export function sourceFiles(dir: string, skip: (path: string) => boolean = () => false): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (skip(path)) return [];
    if (statSync(path).isDirectory()) return sourceFiles(path, skip);
    return /\.tsx?$/.test(name) && !/\.d\.ts$/.test(name) ? [path] : [];
  });
}

/** Attributes and properties whose strings are code, not words: class names, ids, paths. */
const CODE_PROPERTIES = new Set([
  'className',
  'class',
  'id',
  'key',
  'href',
  'to',
  'path',
  'linkFormat',
  'permissions',
  'field',
  'accessor',
  'type',
  'role',
  'htmlFor',
  // OpenAPI summaries of the local stack: for developers, not shown in a portal.
  'summary',
]);

const SQL =
  /\b(select|insert\s+into|update|delete\s+from|create\s+(unique\s+)?(table|index))\b[\s\S]*\b(from|into|set|on|where|values)\b/i;

/**
 * Whether a literal reads as words for a person: JSX text always; a string with a space, or one
 * that starts with a capital letter and is not an identifier ('Organisation' is a word,
 * 'organisationName' and 'organizations.write' are code). SQL and code-valued props are not.
 */
function isWords(node: ts.Node, text: string): boolean {
  if (ts.isJsxText(node)) return text.trim() !== '';
  const parent = node.parent;
  if (
    ts.isImportDeclaration(parent) ||
    ts.isExportDeclaration(parent) ||
    ts.isExternalModuleReference(parent) ||
    ts.isLiteralTypeNode(parent) ||
    (ts.isCallExpression(parent) && parent.expression.kind === ts.SyntaxKind.ImportKeyword)
  ) {
    return false;
  }
  const owner =
    ts.isJsxAttribute(parent) || ts.isPropertyAssignment(parent)
      ? parent
      : ts.isJsxExpression(parent) && ts.isJsxAttribute(parent.parent)
        ? parent.parent
        : null;
  if (owner && CODE_PROPERTIES.has(owner.name.getText())) return false;
  if (SQL.test(text)) return false;
  if (/\s/.test(text.trim())) return true;
  return /^[A-Z][a-z]/.test(text) && !/[a-z][A-Z]|[._/]/.test(text);
}

/** Every piece of UI text of the files. */
export function uiTexts(root: string, files: readonly string[]): UiText[] {
  const found: UiText[] = [];
  for (const file of files) {
    const source = ts.createSourceFile(
      file,
      readFileSync(file, 'utf8'),
      ts.ScriptTarget.Latest,
      true,
      file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
    );
    const visit = (node: ts.Node) => {
      let text: string | null = null;
      if (ts.isJsxText(node)) text = node.text;
      else if (
        ts.isStringLiteral(node) ||
        ts.isNoSubstitutionTemplateLiteral(node) ||
        ts.isTemplateHead(node) ||
        ts.isTemplateMiddle(node) ||
        ts.isTemplateTail(node)
      ) {
        text = node.text;
      }
      // A capitalised key of an object literal is a header a user reads (a CSV column: 'Expiry').
      if (
        ts.isPropertyAssignment(node) &&
        ts.isIdentifier(node.name) &&
        /^[A-Z][a-z]+$/.test(node.name.text)
      ) {
        const keyStart = node.name.getStart(source);
        found.push({
          file: relative(root, file),
          line: source.getLineAndCharacterOfPosition(keyStart).line + 1,
          text: node.name.text,
          start: keyStart,
          end: node.name.getEnd(),
        });
      }
      const start = node.getStart(source);
      if (
        text !== null &&
        isWords(ts.isTemplateLiteralToken(node) ? (node.parent.parent ?? node) : node, text)
      ) {
        found.push({
          file: relative(root, file),
          line: source.getLineAndCharacterOfPosition(start).line + 1,
          text,
          start,
          end: node.getEnd(),
        });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

/**
 * Issue 17: one spelling per word. The SPEC's quoted screen names spell 'Organizations' and
 * 'Edit Organization' (so: organization), and 'Licences', 'Issued Licences' (so: licence, the
 * noun); its other words are British (colour, behaviour, cancelled, catalogue). Each entry is
 * the spelling we use and the other one, which must not appear in what a user reads.
 */
export const SPELLINGS: ReadonlyArray<{ use: string; not: RegExp }> = [
  { use: 'organization', not: /\borganis(?:e|ed|es|ing|ation|ations|ational)\b/i },
  { use: 'licence (the noun)', not: /\blicenses?\b/i },
  // Not a CSS property ('border-color', 'color:').
  { use: 'colour', not: /(?<![-\w])colors?\b(?!\s*:)/i },
  { use: 'behaviour', not: /\bbehaviors?\b/i },
  { use: 'cancelled', not: /\bcancel(?:ed|ing)\b/i },
  { use: 'catalogue', not: /\bcatalogs?\b/i },
  { use: 'favourite', not: /\bfavorites?\b/i },
];
