// Scratch: prints the types of `export type T…` lines of a snippet over src/inline. Removed before finishing.
import ts from 'typescript'
import path from 'node:path'
import { projectRoot } from './type-cost'
const { config } = ts.readConfigFile(path.join(projectRoot, 'tsconfig.json'), ts.sys.readFile)
const options = ts.parseJsonConfigFileContent(config, ts.sys, projectRoot).options
const file = path.join(projectRoot, 'bench', '__inline-show__.ts')
const text = `import type * as N from '../src/inline/normalise'\nimport type * as P from '../src/inline/text'\nimport { hqlText } from '../src/inline'\nimport * as H from 'hql'\n` + process.argv.slice(2).map((e, i) => `export type T${i} = ${e}`).join('\n') + '\n'
const host = ts.createCompilerHost(options)
const read = host.getSourceFile.bind(host)
host.getSourceFile = (f, l, o) => (f === file ? ts.createSourceFile(f, text, l, true) : read(f, l, o))
const exists = host.fileExists.bind(host)
host.fileExists = (f) => f === file || exists(f)
const program = ts.createProgram({ rootNames: [file], options, host })
const checker = program.getTypeChecker()
const sf = program.getSourceFile(file)!
for (const d of program.getSemanticDiagnostics(sf)) console.log('DIAG', ts.flattenDiagnosticMessageText(d.messageText, '\n').slice(0, 400))
for (const st of sf.statements)
  if (ts.isTypeAliasDeclaration(st))
    console.log(st.name.text, '=', checker.typeToString(checker.getTypeAtLocation(st.name), undefined, ts.TypeFormatFlags.NoTruncation | ts.TypeFormatFlags.InTypeAlias))
