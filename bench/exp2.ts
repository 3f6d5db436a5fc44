import { clientLoop, coreLoop } from './client-contenders'
const which = process.argv[2]
const loop = which === 'core' ? coreLoop() : clientLoop('off')
for (let i = 0; i < 5; i++) await loop()
const t = performance.now()
for (let i = 0; i < 60; i++) await loop()
console.log(which, ((performance.now() - t) * 1000) / 6000, 'µs/page')
process.exit(0)
