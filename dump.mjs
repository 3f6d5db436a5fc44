import * as esbuild from 'esbuild'
const r = await esbuild.build({ entryPoints:[process.argv[2]], bundle:true, minify:true, write:false, format:'esm', platform:'browser', alias:{hql: process.cwd()+'/src/index.ts'}, logLevel:'error', outdir:'/tmp/o', treeShaking:true })
process.stdout.write(r.outputFiles[0].text)
