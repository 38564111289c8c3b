import fs from 'node:fs';
import ts from 'typescript';

/**
 * What schema.ts says of each column, read from its syntax with TypeScript's parser (a
 * type-checked program over Kysely's and the contracts' types would take seconds): the
 * kinds a select gives, whether it may be null, and what an insert may leave out.
 */
export interface ColumnShape {
  /** 'string', 'number', 'boolean', 'Date', 'json', or one of those with '[]'. */
  select: Set<string>;
  /** A select may give null; undefined where the type says nothing of it (`unknown`). */
  nullable: boolean | undefined;
  /** An insert may leave the column out (Kysely: its insert type takes undefined or null). */
  insertOptional: boolean;
  /** An insert may not write it at all (`never`: a generated column). */
  insertNever: boolean;
}

export type DeclaredSchema = Map<string, Map<string, ColumnShape>>;

interface Shape {
  kinds: Set<string>;
  null: boolean;
  /** `unknown`: any value, null among them, so it claims nothing of null. */
  any?: boolean;
  undefined: boolean;
  never: boolean;
}

const empty = (): Shape => ({ kinds: new Set(), null: false, undefined: false, never: false });
const merge = (a: Shape, b: Shape): Shape => ({
  kinds: new Set([...a.kinds, ...b.kinds]),
  null: a.null || b.null,
  any: Boolean(a.any || b.any),
  undefined: a.undefined || b.undefined,
  never: a.never || b.never,
});
const kind = (k: string): Shape => ({ ...empty(), kinds: new Set([k]) });
const PRIMITIVES = new Set(['string', 'number', 'boolean']);

/** Reads `interface DB` and the table interfaces it names. Throws on a type it cannot read, naming it. */
export function readDeclaredSchema(file: string): DeclaredSchema {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const interfaces = new Map<string, ts.InterfaceDeclaration>();
  const aliases = new Map<string, ts.TypeNode>();
  for (const s of source.statements) {
    if (ts.isInterfaceDeclaration(s)) interfaces.set(s.name.text, s);
    if (ts.isTypeAliasDeclaration(s)) aliases.set(s.name.text, s.type);
  }
  const where = (node: ts.Node) =>
    `${node.getText(source)} (schema.ts line ${source.getLineAndCharacterOfPosition(node.getStart()).line + 1})`;
  const args = (node: ts.TypeReferenceNode) => node.typeArguments ?? [];

  /** A type as a select (or insert) gives it. */
  const plain = (node: ts.TypeNode): Shape => {
    if (ts.isParenthesizedTypeNode(node)) return plain(node.type);
    if (ts.isUnionTypeNode(node)) return node.types.map(plain).reduce(merge, empty());
    if (ts.isLiteralTypeNode(node)) {
      if (node.literal.kind === ts.SyntaxKind.NullKeyword) return { ...empty(), null: true };
      if (ts.isStringLiteral(node.literal)) return kind('string');
      if (ts.isNumericLiteral(node.literal)) return kind('number');
      return kind('boolean');
    }
    if (ts.isTemplateLiteralTypeNode(node)) return kind('string');
    if (ts.isArrayTypeNode(node)) return arrayOf(node.elementType);
    if (ts.isTypeLiteralNode(node)) return kind('json');
    switch (node.kind) {
      case ts.SyntaxKind.StringKeyword:
        return kind('string');
      case ts.SyntaxKind.NumberKeyword:
        return kind('number');
      case ts.SyntaxKind.BooleanKeyword:
        return kind('boolean');
      // Inserts of 64-bit integers may pass a bigint.
      case ts.SyntaxKind.BigIntKeyword:
        return kind('bigint');
      case ts.SyntaxKind.UndefinedKeyword:
        return { ...empty(), undefined: true };
      case ts.SyntaxKind.NeverKeyword:
        return { ...empty(), never: true };
      case ts.SyntaxKind.UnknownKeyword:
        return { ...kind('json'), any: true };
      case ts.SyntaxKind.ObjectKeyword:
        return kind('json');
    }
    if (ts.isTypeReferenceNode(node) && ts.isIdentifier(node.typeName)) {
      const name = node.typeName.text;
      const alias = aliases.get(name);
      if (alias) return plain(alias);
      if (name === 'Date') return kind('Date');
      if (name === 'Array' || name === 'ReadonlyArray') return arrayOf(args(node)[0]!);
      if (name === 'ColumnType' || name === 'Generated' || name === 'GeneratedAlways' || name === 'JSONColumnType')
        return column(node).select;
      // Record<...>, an interface, or a type of the contracts (MessageParam): a JSON value.
      return kind('json');
    }
    throw new Error(`schema.test cannot read the type ${where(node)}`);
  };

  const arrayOf = (element: ts.TypeNode): Shape => {
    const e = plain(element);
    return { ...empty(), kinds: new Set([...e.kinds].map((k) => (PRIMITIVES.has(k) ? `${k}[]` : 'json[]'))) };
  };

  /** A column's type as Kysely reads it: a select type and an insert type (ColumnType<S, I, U>). */
  const column = (node: ts.TypeNode): { select: Shape; insert: Shape } => {
    if (ts.isParenthesizedTypeNode(node)) return column(node.type);
    if (ts.isUnionTypeNode(node)) {
      const parts = node.types.map(column);
      return { select: parts.map((p) => p.select).reduce(merge, empty()), insert: parts.map((p) => p.insert).reduce(merge, empty()) };
    }
    if (ts.isTypeReferenceNode(node) && ts.isIdentifier(node.typeName)) {
      const name = node.typeName.text;
      const [s, i] = args(node);
      const alias = aliases.get(name);
      if (alias) return column(alias);
      if (name === 'Generated') return { select: plain(s!), insert: merge(plain(s!), { ...empty(), undefined: true }) };
      if (name === 'GeneratedAlways') return { select: plain(s!), insert: { ...empty(), never: true } };
      if (name === 'ColumnType') return { select: plain(s!), insert: plain(i ?? s!) };
      if (name === 'JSONColumnType') return { select: plain(s!), insert: kind('string') };
    }
    const same = plain(node);
    return { select: same, insert: same };
  };

  const db = interfaces.get('DB');
  if (!db) throw new Error('schema.ts has no `interface DB`');
  const schema: DeclaredSchema = new Map();
  for (const member of db.members) {
    if (!ts.isPropertySignature(member) || !member.type || !ts.isTypeReferenceNode(member.type) || !ts.isIdentifier(member.type.typeName))
      throw new Error(`schema.test cannot read the table ${where(member)}`);
    const table = interfaces.get(member.type.typeName.text);
    if (!table) throw new Error(`schema.ts names ${member.type.typeName.text} in DB but declares no such interface`);
    const columns = new Map<string, ColumnShape>();
    for (const prop of table.members) {
      if (!ts.isPropertySignature(prop) || !prop.type) throw new Error(`schema.test cannot read the column ${where(prop)}`);
      const { select, insert } = column(prop.type);
      columns.set(prop.name.getText(source).replace(/^['"]|['"]$/g, ''), {
        select: select.kinds,
        nullable: select.any ? undefined : select.null,
        insertOptional: Boolean(prop.questionToken) || insert.undefined || insert.null,
        insertNever: insert.never && insert.kinds.size === 0 && !insert.undefined && !insert.null,
      });
    }
    schema.set(member.name.getText(source).replace(/^['"]|['"]$/g, ''), columns);
  }
  return schema;
}
