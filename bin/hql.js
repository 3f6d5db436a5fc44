#!/usr/bin/env node
// The `hql` command: the CLI is built to dist/cli.js (npm run build).
import '../dist/cli.js'
