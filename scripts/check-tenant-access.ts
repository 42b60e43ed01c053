// `npm run check:tenancy`: fails when code outside tests touches a tenant-owned table without a
// tenant scope (docs/decisions/0012). Tenant data is reached only through database.withTenant (or
// withPlatformThenTenant's scoped handle); the platform handle, which bypasses row-level security
// on PGlite and for a superuser, may name platform tables only. A syntactic scan, fast enough for
// every run: it follows the platform handle (`….platform`, values typed PlatformDb/PlatformTx, the
// transaction callbacks it opens) into Drizzle calls and raw SQL, and reads the SQL of the
// statements given to database.readFrequent (FrequentRead), which run outside any tenant scope.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import ts from 'typescript';
import { isPlatformTable } from '../server/db/platform-tables';
import * as schema from '../server/db/schema/index';

export interface TenantAccessViolation {
  file: string;
  line: number;
  message: string;
}

/** An exception names its reason on the line before: `// tenant-access: <why>`. */
const EXCEPTION_MARKER = /\/\/\s*tenant-access:\s*\S/;
const DRIZZLE_TABLE_METHODS = new Set(['from', 'insert', 'update', 'delete', 'innerJoin', 'leftJoin', 'rightJoin', 'fullJoin']);
const PLATFORM_TYPES = new Set(['PlatformDb', 'PlatformTx']);
const FREQUENT_READ_TYPE = 'FrequentRead';

/** Schema export name → SQL table name, for the tenant-owned tables. */
export function tenantTablesOfSchema(): Map<string, string> {
  const tables = new Map<string, string>();
  for (const [exportName, value] of Object.entries(schema)) {
    if (!is(value, PgTable)) continue;
    const sqlName = getTableName(value);
    if (!isPlatformTable(sqlName)) tables.set(exportName, sqlName);
  }
  return tables;
}

export function findTenantAccessViolations(
  file: string,
  source: string,
  tenantTables: Map<string, string> = tenantTablesOfSchema(),
): TenantAccessViolation[] {
  const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const tableNamesInSql = [...new Set(tenantTables.values())];
  const rawSqlPattern = tableNamesInSql.length
    ? new RegExp(`\\b(?:from|join|into|update|table|truncate)\\s+(?:only\\s+)?"?(${tableNamesInSql.join('|')})"?\\b`, 'i')
    : null;
  const localTenantTables = importedTenantTables(sourceFile, tenantTables);
  // Bindings by function scope, innermost last: a name is a platform handle where its nearest
  // declaration says so (a later `tx` of a tenant transaction is not the platform one).
  const scopes: Map<string, boolean>[] = [new Map()];
  const platformParameters = new Set<ts.ParameterDeclaration>();
  const isPlatformName = (name: string) => {
    for (let index = scopes.length - 1; index >= 0; index -= 1) {
      const known = scopes[index]!.get(name);
      if (known !== undefined) return known;
    }
    return false;
  };
  const violations: TenantAccessViolation[] = [];

  const report = (node: ts.Node, message: string) => {
    const { line } = sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile));
    const previousLine = source.split('\n')[line - 1] ?? '';
    if (EXCEPTION_MARKER.test(previousLine)) return;
    violations.push({ file, line: line + 1, message });
  };

  const isPlatformHandle = (node: ts.Expression): boolean => {
    const inner = skipWrappers(node);
    if (ts.isPropertyAccessExpression(inner) && inner.name.text === 'platform') return true;
    return ts.isIdentifier(inner) && isPlatformName(inner.text);
  };

  /** The expression a chain like `db.select().from(x).where(…)` starts from. */
  const chainRoot = (node: ts.Expression): ts.Expression => {
    let current = skipWrappers(node);
    for (;;) {
      if (isPlatformHandle(current)) return current;
      if (ts.isCallExpression(current)) current = skipWrappers(current.expression);
      else if (ts.isPropertyAccessExpression(current) || ts.isElementAccessExpression(current)) current = skipWrappers(current.expression);
      else return current;
    }
  };

  const tenantTableNamedBy = (node: ts.Node): string | undefined =>
    ts.isIdentifier(node) ? localTenantTables.get(node.text) : undefined;

  const rawSqlNaming = (node: ts.Node): string | undefined => {
    let found: string | undefined;
    const visitSql = (child: ts.Node) => {
      if (found) return;
      if (ts.isTaggedTemplateExpression(child) || ts.isTemplateExpression(child) || ts.isNoSubstitutionTemplateLiteral(child) || ts.isStringLiteral(child)) {
        const text = child.getText(sourceFile);
        const match = rawSqlPattern?.exec(text);
        if (match) found = match[1];
      }
      if (ts.isTemplateSpan(child)) {
        const table = tenantTableNamedBy(skipWrappers(child.expression));
        if (table) found = table;
      }
      ts.forEachChild(child, visitSql);
    };
    visitSql(node);
    return found;
  };

  // A FrequentRead is found where it is declared (typed, `satisfies` or `as` FrequentRead) and where
  // it is used (an object, or a name declared in this file, given to readFrequent); each once.
  const frequentReadsSeen = new Set<ts.Node>();
  const checkFrequentRead = (read: ts.Expression, at: ts.Node) => {
    const literal = skipWrappers(read);
    if (frequentReadsSeen.has(literal)) return;
    frequentReadsSeen.add(literal);
    const statement = ts.isObjectLiteralExpression(literal)
      ? literal.properties.find((property) => ts.isPropertyAssignment(property) && property.name.getText(sourceFile) === 'statement')
      : undefined;
    const table = rawSqlNaming(statement ?? literal);
    if (table) report(at, `FrequentRead statement naming tenant table ${table}: readFrequent runs outside any tenant scope, use database.withTenant`);
  };
  const isFrequentReadType = (type: ts.TypeNode | undefined) => type?.getText(sourceFile).trim() === FREQUENT_READ_TYPE;
  const declarationOf = (name: string): ts.VariableDeclaration | undefined => {
    let found: ts.VariableDeclaration | undefined;
    const search = (node: ts.Node) => {
      if (found) return;
      if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.name.text === name) found = node;
      else ts.forEachChild(node, search);
    };
    search(sourceFile);
    return found;
  };

  const rememberBinding = (name: ts.BindingName, type: ts.TypeNode | undefined, initializer: ts.Expression | undefined, isPlatformParameter: boolean) => {
    if (!ts.isIdentifier(name)) return;
    const typedPlatform = PLATFORM_TYPES.has(type?.getText(sourceFile).trim() ?? '');
    const isPlatform = isPlatformParameter || typedPlatform || Boolean(initializer && isPlatformHandle(initializer));
    scopes[scopes.length - 1]!.set(name.text, isPlatform);
  };

  const visit = (node: ts.Node) => {
    const opensScope = ts.isFunctionLike(node);
    if (opensScope) scopes.push(new Map());
    if (ts.isParameter(node)) rememberBinding(node.name, node.type, undefined, platformParameters.has(node));
    if (ts.isVariableDeclaration(node)) {
      rememberBinding(node.name, node.type, node.initializer, false);
      if (node.initializer && isFrequentReadType(node.type)) checkFrequentRead(node.initializer, node);
    }
    if ((ts.isSatisfiesExpression(node) || ts.isAsExpression(node)) && isFrequentReadType(node.type)) checkFrequentRead(node.expression, node);
    if (ts.isCallExpression(node)) {
      const callee = skipWrappers(node.expression);
      // A transaction opened on the platform handle hands its callback another platform handle.
      if (ts.isPropertyAccessExpression(callee)) {
        const opensPlatformTransaction =
          (callee.name.text === 'transaction' && isPlatformHandle(callee.expression)) || callee.name.text === 'withPlatformThenTenant';
        const callback = node.arguments[0];
        if (opensPlatformTransaction && callback && (ts.isArrowFunction(callback) || ts.isFunctionExpression(callback))) {
          const first = callback.parameters[0];
          if (first) platformParameters.add(first);
        }
      }
      if (ts.isPropertyAccessExpression(callee) && callee.name.text === 'readFrequent' && node.arguments[0]) {
        const read = skipWrappers(node.arguments[0]);
        const declaration = ts.isIdentifier(read) ? declarationOf(read.text) : undefined;
        if (declaration?.initializer) checkFrequentRead(declaration.initializer, declaration);
        else if (!ts.isIdentifier(read)) checkFrequentRead(read, node);
      }
      if (ts.isPropertyAccessExpression(callee) && isPlatformHandle(chainRoot(callee.expression))) {
        const method = callee.name.text;
        if (DRIZZLE_TABLE_METHODS.has(method)) {
          const table = node.arguments[0] && tenantTableNamedBy(skipWrappers(node.arguments[0]));
          if (table) report(node, `tenant table ${table} reached through the platform handle (.${method}): use database.withTenant`);
        }
        if (method === 'execute') {
          const table = node.arguments[0] && rawSqlNaming(node.arguments[0]);
          if (table) report(node, `raw SQL naming tenant table ${table} on the platform handle: use database.withTenant`);
        }
      }
      if (ts.isIdentifier(callee) && callee.text === 'queryRows' && node.arguments[0] && isPlatformHandle(node.arguments[0])) {
        const table = node.arguments.slice(1).map(rawSqlNaming).find(Boolean);
        if (table) report(node, `raw SQL naming tenant table ${table} on the platform handle: use database.withTenant`);
      }
    }
    // Relational queries: platform.query.<table>.findMany(…)
    if (ts.isPropertyAccessExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === 'query') {
      const table = tenantTables.get(node.name.text);
      if (table && isPlatformHandle(chainRoot(node.expression.expression))) {
        report(node, `tenant table ${table} reached through the platform handle (.query): use database.withTenant`);
      }
    }
    ts.forEachChild(node, visit);
    if (opensScope) scopes.pop();
  };
  visit(sourceFile);
  return violations;
}

function skipWrappers(node: ts.Expression): ts.Expression {
  let current = node;
  while (
    ts.isParenthesizedExpression(current) ||
    ts.isAwaitExpression(current) ||
    ts.isAsExpression(current) ||
    ts.isSatisfiesExpression(current) ||
    ts.isNonNullExpression(current)
  ) {
    current = current.expression;
  }
  return current;
}

/** Local names of the tenant tables a file imports from the schema (aliases followed). */
function importedTenantTables(sourceFile: ts.SourceFile, tenantTables: Map<string, string>): Map<string, string> {
  const local = new Map<string, string>();
  for (const statement of sourceFile.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    if (!/\/schema(\/|$)/.test(statement.moduleSpecifier.text)) continue;
    const bindings = statement.importClause?.namedBindings;
    if (!bindings || !ts.isNamedImports(bindings)) continue;
    for (const element of bindings.elements) {
      const exported = (element.propertyName ?? element.name).text;
      const table = tenantTables.get(exported);
      if (table) local.set(element.name.text, table);
    }
  }
  return local;
}

/** Product code: server/ and scripts/, not tests (which set up and inspect databases directly). */
export function productSourceFiles(root: string): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      const path = join(dir, entry);
      if (entry === 'node_modules' || entry === 'migrations') continue;
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.tsx?$/.test(entry) && !/\.test\.tsx?$/.test(entry)) files.push(path);
    }
  };
  for (const dir of ['server', 'scripts']) walk(join(root, dir));
  return files;
}

function main() {
  const root = process.cwd();
  const tenantTables = tenantTablesOfSchema();
  const files = productSourceFiles(root);
  const violations = files.flatMap((file) => findTenantAccessViolations(relative(root, file), readFileSync(file, 'utf8'), tenantTables));
  for (const violation of violations) console.error(`${violation.file}:${violation.line}: ${violation.message}`);
  if (violations.length) {
    console.error(`${violations.length} tenant table access(es) outside a tenant scope (docs/decisions/0012).`);
    process.exit(1);
  }
  console.log(`Tenant access check: ${files.length} files, ${tenantTables.size} tenant tables, no access outside a tenant scope.`);
}

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) main();
