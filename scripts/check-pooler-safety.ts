// `npm run check:pooler`: fails when product code relies on database session state that a
// transaction-mode pooler (PgBouncer) does not keep between transactions: session-level advisory
// locks, LISTEN, session-wide SET / set_config(…, false), named prepared statements
// (docs/decisions/0013-pooler-safe-database-use.md). Such work belongs on the direct connection;
// code that does use one names it on the line before: `// session-state: <why>`.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import ts from 'typescript';
import { productSourceFiles } from './check-tenant-access';

export interface SessionStateViolation {
  file: string;
  line: number;
  message: string;
}

const EXCEPTION_MARKER = /\/\/\s*session-state:\s*\S/;
const SQL_CALLS = new Set(['query', 'execute', 'raw', 'exec']);
const SQL_RULES: { pattern: RegExp; message: string }[] = [
  { pattern: /\bpg_(try_)?advisory_(unlock|lock)(_shared)?\s*\(/i, message: 'session-level advisory lock: use pg_advisory_xact_lock inside the transaction' },
  { pattern: /(^|;)\s*(un)?listen\b/i, message: 'LISTEN needs a session: use the direct connection' },
  { pattern: /(^|;)\s*set\s+(?!local\b)(session\s+)?[a-z_.]+\s*(=|to\b)/i, message: 'session-wide SET: use SET LOCAL or set_config(…, true) inside a transaction' },
  { pattern: /(^|;)\s*set\s+(session\s+)?role\b/i, message: 'session-wide SET ROLE: use set_config(\'role\', …, true) inside a transaction' },
  { pattern: /\bset_config\s*\([^)]*,\s*false\s*\)/i, message: 'set_config(…, false) lasts the session: pass true (transaction-local)' },
];

export function findSessionStateViolations(file: string, source: string): SessionStateViolation[] {
  const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const lines = source.split('\n');
  const violations: SessionStateViolation[] = [];
  const report = (node: ts.Node, message: string) => {
    const { line } = sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile));
    if (EXCEPTION_MARKER.test(lines[line - 1] ?? '')) return;
    violations.push({ file, line: line + 1, message });
  };
  const checkSql = (node: ts.Node) => {
    if (!ts.isStringLiteral(node) && !ts.isNoSubstitutionTemplateLiteral(node) && !ts.isTemplateExpression(node)) return;
    const text = ts.isTemplateExpression(node) ? [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(' ') : node.text;
    const rule = SQL_RULES.find(({ pattern }) => pattern.test(text));
    if (rule) report(node, rule.message);
  };
  const visit = (node: ts.Node) => {
    // SQL is what goes to the database: sql`…` templates, and literals handed to query/execute/raw.
    if (ts.isTaggedTemplateExpression(node) && node.tag.getText(sourceFile) === 'sql') checkSql(node.template);
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const name = ts.isPropertyAccessExpression(callee) ? callee.name.text : ts.isIdentifier(callee) ? callee.text : '';
      if (SQL_CALLS.has(name)) node.arguments.forEach(checkSql);
    }
    // node-postgres keeps a query config with a `name` prepared on that connection for its life.
    if (ts.isObjectLiteralExpression(node)) {
      const keys = node.properties.map((property) => (property.name && ts.isIdentifier(property.name) ? property.name.text : ''));
      if (keys.includes('name') && keys.includes('text')) report(node, 'named prepared statement outlives the transaction: use an unnamed query');
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return violations;
}

function main() {
  const root = process.cwd();
  const files = productSourceFiles(root);
  const violations = files.flatMap((file) => findSessionStateViolations(relative(root, file), readFileSync(file, 'utf8')));
  for (const violation of violations) console.error(`${violation.file}:${violation.line}: ${violation.message}`);
  if (violations.length) {
    console.error(`${violations.length} use(s) of session state that a transaction-mode pooler does not keep (docs/decisions/0013).`);
    process.exit(1);
  }
  console.log(`Pooler safety check: ${files.length} files, no session state outside a transaction.`);
}

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) main();
