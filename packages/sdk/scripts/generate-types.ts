/**
 * Writes src/generated/operations.ts from the server's operation registry: one input and one output
 * type per operation, expanded from the same zod schemas the server validates with (so the built
 * .d.ts needs neither zod nor @dossier/core), plus the method/path table the client calls by.
 *
 * Run `pnpm --filter @dossier/sdk generate` after an operation changes; a test fails while the
 * file is stale, and `typecheck` proves the written types equal the schemas' types.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const here = dirname(fileURLToPath(import.meta.url));
const sdkDir = resolve(here, '..');
const coreDir = resolve(sdkDir, '../core/src');
const registryFile = join(coreDir, 'registry/operations.ts');
export const generatedFile = join(sdkDir, 'src/generated/operations.ts');
export const checkFile = join(sdkDir, 'src/generated/schema-check.ts');
export const packageFile = join(sdkDir, 'package.json');
export const pythonVersionFile = resolve(sdkDir, '../sdk-python/src/dossier/_version.py');

/** `get_company` -> `GetCompany` */
const pascal = (name: string) =>
  name
    .split('_')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');

interface Entry {
  ident: string;
  module: string;
}

/** The identifiers in the registry array, in order, with the module each is imported from. */
function registryEntries(): Entry[] {
  const source = ts.createSourceFile(
    registryFile,
    readFileSync(registryFile, 'utf8'),
    ts.ScriptTarget.ES2022,
  );
  const modules = new Map<string, string>();
  let idents: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const named = node.importClause?.namedBindings;
      if (named && ts.isNamedImports(named)) {
        for (const el of named.elements) modules.set(el.name.text, node.moduleSpecifier.text);
      }
    }
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.name.text === 'operations') {
      let init = node.initializer;
      while (init && (ts.isAsExpression(init) || ts.isParenthesizedExpression(init))) init = init.expression;
      if (init && ts.isArrayLiteralExpression(init)) {
        idents = init.elements.filter(ts.isIdentifier).map((e) => e.text);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return idents.map((ident) => {
    const spec = modules.get(ident);
    if (!spec) throw new Error(`no import found for ${ident} in ${registryFile}`);
    const abs = resolve(dirname(registryFile), spec.replace(/\.js$/, '.ts'));
    return { ident, module: abs };
  });
}

interface OpMeta {
  name: string;
  method: string;
  path: string;
  readOnly: boolean;
  idempotent: boolean;
  headers?: Record<string, string>;
  produces?: { contentType: string; field: string };
}

const probeHeader = `import type { z } from 'zod';
type Expand<T> = T extends (...args: never[]) => unknown
  ? T
  : T extends object
    ? { [K in keyof T]: Expand<T[K]> }
    : T;
`;

/** Type text for every alias in a probe file that the compiler checks against core's sources. */
function expandTypes(probe: string, aliases: string[]): Map<string, string> {
  const probePath = join(sdkDir, 'src/generated/__probe.ts');
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.Preserve,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    types: ['node'],
  };
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (file, lang, ...rest) =>
    resolve(file) === probePath ? ts.createSourceFile(file, probe, lang) : getSourceFile(file, lang, ...rest);
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (file) => resolve(file) === probePath || fileExists(file);
  const program = ts.createProgram([probePath], options, host);
  const sourceFile = program.getSourceFile(probePath);
  if (!sourceFile) throw new Error('probe not loaded');
  const errors = ts.getPreEmitDiagnostics(program, sourceFile);
  if (errors.length) throw new Error(ts.formatDiagnosticsWithColorAndContext(errors, host));
  const checker = program.getTypeChecker();
  const out = new Map<string, string>();
  for (const statement of sourceFile.statements) {
    if (!ts.isTypeAliasDeclaration(statement) || !aliases.includes(statement.name.text)) continue;
    const type = checker.getTypeAtLocation(statement.name);
    const text = checker.typeToString(
      type,
      undefined,
      ts.TypeFormatFlags.NoTruncation |
        ts.TypeFormatFlags.InTypeAlias |
        ts.TypeFormatFlags.MultilineObjectLiterals |
        ts.TypeFormatFlags.UseSingleQuotesForStringLiteralType,
    );
    if (/\bz\.|\$Zod|\bExpand</.test(text)) throw new Error(`${statement.name.text} did not expand: ${text}`);
    out.set(statement.name.text, text);
  }
  return out;
}

/**
 * Both SDKs are published under the API's version (packages/core/src/registry/api-version.ts): the
 * npm manifest and the Python package's `_version.py` (which pyproject.toml reads) are written from it.
 */
export async function versionFiles(): Promise<{
  packageJson: string;
  pythonVersion: string;
  version: string;
}> {
  const { apiVersion } = (await import(join(coreDir, 'registry/api-version.ts'))) as { apiVersion: string };
  const manifest = JSON.parse(readFileSync(packageFile, 'utf8')) as { version: string };
  manifest.version = apiVersion;
  return {
    version: apiVersion,
    packageJson: `${JSON.stringify(manifest, null, 2)}\n`,
    pythonVersion:
      '# Generated by packages/sdk/scripts/generate-types.ts from the API version. Do not edit.\n' +
      `__version__ = "${apiVersion}"\n`,
  };
}

export async function generate(): Promise<{ operations: string; check: string }> {
  const entries = registryEntries();
  const core = (await import(join(coreDir, 'registry/operations.ts'))) as { operations: OpMeta[] };
  const { apiVersion } = (await import(join(coreDir, 'registry/api-version.ts'))) as { apiVersion: string };
  if (core.operations.length !== entries.length)
    throw new Error(`registry has ${core.operations.length} operations but ${entries.length} array entries`);
  const ops = core.operations.map((op, i) => ({ op, entry: entries[i] as Entry }));

  const fromSdk = (abs: string) => relative(join(sdkDir, 'src/generated'), abs).replace(/\.ts$/, '.js');
  const imports = ops
    .map(({ entry }) => `import type { ${entry.ident} } from '${fromSdk(entry.module)}';`)
    .join('\n');
  const aliases: string[] = [];
  const probeLines = ops.flatMap(({ op, entry }) => {
    const base = pascal(op.name);
    aliases.push(`${base}Input`, `${base}Output`);
    return [
      `export type ${base}Input = Expand<z.input<typeof ${entry.ident}.input>>;`,
      `export type ${base}Output = Expand<z.output<typeof ${entry.ident}.output>>;`,
    ];
  });
  const expanded = expandTypes(`${probeHeader}${imports}\n${probeLines.join('\n')}\n`, aliases);

  const banner =
    '// Generated by scripts/generate-types.ts from the server operation registry. Do not edit.\n' +
    '// Run `pnpm --filter @dossier/sdk generate` after an operation changes.\n\n';
  const types = ops
    .map(({ op }) => {
      const base = pascal(op.name);
      return (
        `/** Input of \`${op.name}\` (${op.method} ${op.path}). */\n` +
        `export type ${base}Input = ${expanded.get(`${base}Input`)};\n\n` +
        `/** Output of \`${op.name}\`. */\n` +
        `export type ${base}Output = ${expanded.get(`${base}Output`)};\n`
      );
    })
    .join('\n');
  const table = ops
    .map(({ op }) => {
      const spec: Record<string, unknown> = {
        method: op.method,
        path: op.path,
        readOnly: op.readOnly,
        idempotent: op.idempotent,
      };
      if (op.headers && Object.keys(op.headers).length) spec.headers = op.headers;
      if (op.produces) spec.produces = op.produces.contentType;
      return `  ${op.name}: ${JSON.stringify(spec)},`;
    })
    .join('\n');
  const typeMap = ops
    .map(({ op }) => `  ${op.name}: { input: ${pascal(op.name)}Input; output: ${pascal(op.name)}Output };`)
    .join('\n');
  const operations =
    `${banner}/** The API version this SDK was generated from (also its package version). */\n` +
    `export const apiVersion = '${apiVersion}';\n\n${types}\n` +
    '/** How each operation is called over REST. */\n' +
    "export interface OperationSpec {\n  method: 'GET' | 'POST' | 'DELETE';\n  path: string;\n" +
    '  readOnly: boolean;\n  idempotent: boolean;\n  headers?: Record<string, string>;\n  produces?: string;\n}\n\n' +
    `export const operationSpecs = {\n${table}\n} as const satisfies Record<string, OperationSpec>;\n\n` +
    '/** Input and output types by operation name. */\n' +
    `export interface Operations {\n${typeMap}\n}\n\n` +
    'export type OperationName = keyof Operations;\n';

  // Mutual assignability of the written types and the schemas' types: typecheck fails on drift.
  const checks = ops
    .map(({ op, entry }) => {
      const base = pascal(op.name);
      return (
        `type _${base}In = Assert<Same<Expand<z.input<typeof ${entry.ident}.input>>, Gen.${base}Input>>;\n` +
        `type _${base}Out = Assert<Same<Expand<z.output<typeof ${entry.ident}.output>>, Gen.${base}Output>>;\n` +
        `export type ${base}Checked = [_${base}In, _${base}Out];`
      );
    })
    .join('\n');
  const check =
    `${banner}// Type-only: proves the generated types equal the server schemas. Not part of the build.\n` +
    `${probeHeader}import type * as Gen from './operations.js';\n${imports}\n\n` +
    'type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;\n' +
    'type Assert<T extends true> = T;\n\n' +
    `${checks}\n`;
  return { operations: format(operations, generatedFile), check: format(check, checkFile) };
}

/**
 * Formats like the rest of the repository. Biome leaves files under `src/generated` alone (its
 * config ignores them, so the lint never flags generated code), and so would pass stdin through
 * unformatted under their real path: the formatter is told the file sits one folder up instead.
 */
function format(text: string, file: string): string {
  const stdinPath = join(dirname(dirname(file)), basename(file));
  return execFileSync('pnpm', ['exec', 'biome', 'format', `--stdin-file-path=${stdinPath}`], {
    input: text,
    cwd: sdkDir,
    encoding: 'utf8',
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { operations, check } = await generate();
  writeFileSync(generatedFile, operations);
  writeFileSync(checkFile, check);
  const versions = await versionFiles();
  writeFileSync(packageFile, versions.packageJson);
  writeFileSync(pythonVersionFile, versions.pythonVersion);
  console.log(`wrote ${relative(process.cwd(), generatedFile)} and ${relative(process.cwd(), checkFile)}`);
}
