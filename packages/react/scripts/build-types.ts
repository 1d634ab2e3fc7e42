/**
 * Emits the package's declarations (tsconfig.build.json) into `dist` and makes them self-contained.
 * `src/client/bff-routes.ts` infers the BFF's answer and body shapes from `AppType` of @splice/bff (a
 * dev dependency, never installed with this package) through hono's type helpers. tsc would copy those
 * references into `dist/client/bff-routes.d.ts`, where a consumer could not resolve them, so that file
 * is written instead with each route-derived interface expanded to its members; then the script checks
 * that it compiles on its own and that no declaration in `dist` imports @splice/bff or hono.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = fileURLToPath(new URL('..', import.meta.url));
const sourcePath = join(root, 'src/client/bff-routes.ts');
const outputPath = join(root, 'dist/client/bff-routes.d.ts');

/** hono's JSON types (hono/utils/types), which the inferred answers use for free-form JSON. */
const jsonTypes = `type JSONPrimitive = string | boolean | number | null;
type JSONArray = (JSONPrimitive | JSONObject | JSONArray)[];
type JSONObject = {
  [key: string]: JSONPrimitive | JSONArray | JSONObject | object | InvalidJSONValue;
};
type InvalidJSONValue = undefined | symbol | ((...args: unknown[]) => unknown);
type JSONValue = JSONObject | JSONArray | JSONPrimitive;`;

/** A heritage clause that names a route: its members come from AppType and must be written out. */
const fromRoute = /\b(InferResponseType|InferRequestType|JsonBody)\b/;

const formatHost: ts.FormatDiagnosticsHost = {
  getCanonicalFileName: (name) => name,
  getCurrentDirectory: () => root,
  getNewLine: () => '\n',
};

function createProgram(): ts.Program {
  const configPath = join(root, 'tsconfig.build.json');
  const config = ts.getParsedCommandLineOfConfigFile(
    configPath,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  );
  if (!config) throw new Error(`Cannot read ${configPath}`);
  if (config.errors.length > 0) throw new Error(ts.formatDiagnostics(config.errors, formatHost));
  return ts.createProgram(config.fileNames, config.options);
}

/** Writes every declaration file, failing on any type error (as `tsc -p tsconfig.build.json` would). */
function emitDeclarations(program: ts.Program) {
  const result = program.emit(undefined, undefined, undefined, true);
  const diagnostics = [...ts.getPreEmitDiagnostics(program), ...result.diagnostics];
  if (diagnostics.length > 0) throw new Error(ts.formatDiagnostics(diagnostics, formatHost));
}

function flatten(program: ts.Program): string {
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(sourcePath);
  if (!source) throw new Error(`Cannot read ${sourcePath}`);
  const printer = ts.createPrinter({ removeComments: false });
  const flags =
    ts.NodeBuilderFlags.NoTruncation |
    ts.NodeBuilderFlags.InTypeAlias |
    ts.NodeBuilderFlags.MultilineObjectLiterals |
    ts.NodeBuilderFlags.IgnoreErrors;

  const declarations: string[] = [];
  for (const statement of source.statements) {
    if (!ts.isInterfaceDeclaration(statement)) continue;
    const jsDoc = ts
      .getJSDocCommentsAndTags(statement)
      .map((doc) => doc.getText(source))
      .join('\n');
    const heritage = statement.heritageClauses?.[0]?.types[0];
    if (!heritage || !fromRoute.test(heritage.getText(source))) {
      declarations.push([jsDoc, statement.getText(source)].filter(Boolean).join('\n'));
      continue;
    }
    const node = checker.typeToTypeNode(checker.getTypeAtLocation(heritage), undefined, flags);
    if (!node || !ts.isTypeLiteralNode(node)) {
      throw new Error(`${statement.name.text}: its route type did not expand to an object type`);
    }
    const expanded = ts.factory.createInterfaceDeclaration(
      [ts.factory.createModifier(ts.SyntaxKind.ExportKeyword)],
      statement.name,
      undefined,
      undefined,
      node.members,
    );
    declarations.push(
      [jsDoc, printer.printNode(ts.EmitHint.Unspecified, expanded, source)].filter(Boolean).join('\n'),
    );
  }

  const body = declarations.join('\n\n');
  const helpers = [
    /\bItem</.test(body) ? 'type Item<List extends readonly unknown[]> = List[number];' : '',
    /\bJSONValue\b/.test(body) ? jsonTypes : '',
  ].filter(Boolean);
  return [
    '/**',
    " * The BFF's answer and body shapes, expanded at build time from `AppType` of @splice/bff (see",
    ' * scripts/build-types.ts) so that these declarations need neither @splice/bff nor hono.',
    ' */',
    ...helpers,
    '',
    body,
    '',
  ].join('\n');
}

/** The file must type-check alone: every name it uses is declared in it or built into TypeScript. */
function checkStandalone(text: string) {
  const fileName = '/standalone/bff-routes.d.ts';
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    noResolve: true,
    types: [],
    lib: ['lib.es2023.d.ts'],
  };
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (name, languageVersion, ...rest) =>
    name === fileName
      ? ts.createSourceFile(name, text, languageVersion)
      : getSourceFile(name, languageVersion, ...rest);
  const program = ts.createProgram([fileName], options, host);
  const diagnostics = ts.getPreEmitDiagnostics(program);
  if (diagnostics.length > 0) {
    const report = ts.formatDiagnostics(diagnostics, formatHost);
    throw new Error(`The expanded route types do not compile on their own:\n${report}`);
  }
}

/** No published declaration may import the BFF or hono: neither is a dependency of this package. */
function checkImports(directory: string) {
  const forbidden = /(?:from\s+|import\()\s*['"](?:@splice\/bff|hono)(?:\/[^'"]*)?['"]/;
  for (const entry of readdirSync(directory, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.d.ts')) continue;
    const path = join(entry.parentPath, entry.name);
    if (forbidden.test(readFileSync(path, 'utf8'))) {
      throw new Error(`${path} imports @splice/bff or hono; give the inferred type a name in bff-routes.ts`);
    }
  }
}

const program = createProgram();
emitDeclarations(program);
const text = flatten(program);
checkStandalone(text);
writeFileSync(outputPath, text);
checkImports(join(root, 'dist'));
console.log(`build-types: declarations in dist, ${outputPath} expanded (${text.length} characters)`);
