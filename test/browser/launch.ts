import { chromium, type Browser } from 'playwright-core'
import { existsSync } from 'node:fs'

// Debian's package (installed by .ci/run); CHROMIUM_PATH points elsewhere on other systems.
export const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium'
// Without the background-networking flags Chromium keeps dialling Google's hosts, which a closed network refuses.
export const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/** A headless Chromium (Playwright gives every launch a fresh, empty profile directory). */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM))
    throw new Error(`no Chromium at ${CHROMIUM}: apt-get install chromium (see .ci/run) or set CHROMIUM_PATH`)
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS })
}
