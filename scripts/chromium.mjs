// Finds a Chromium for the browser tests, installing Debian's when none is present.
// Playwright's own browser download cannot reach its servers from our machines, so Debian's packages come first.
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';

/** Flags every headless Chromium of ours runs with (our network is closed; background calls only fail). */
export const chromiumArgs = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

/**
 * Debian's chromium-headless-shell: the old headless mode, the build Playwright itself runs headless tests in.
 * The tests prefer it: the same suite of end-to-end specs took about a quarter less CPU in it than in the full
 * browser's new headless mode, and every step of `npm test` is CPU-bound on 2 cores.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const FULL_BROWSERS = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/**
 * The path of a Chromium binary, or undefined: `CHROME_PATH` when set, else the headless shell (unless
 * `headlessShell` is false: the bench measures the browser users run), else a full Chromium.
 */
export function findChromium({ headlessShell = true } = {}) {
  const candidates = [process.env.CHROME_PATH, ...(headlessShell ? [HEADLESS_SHELL] : []), ...FULL_BROWSERS].filter(Boolean);
  return candidates.find((path) => existsSync(path));
}

const canApt = () => typeof process.getuid === 'function' && process.getuid() === 0 && existsSync('/usr/bin/apt-get');

/** Install Debian packages (as root); false when apt-get failed. */
function aptInstall(packages) {
  try {
    execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${packages}`, { stdio: 'inherit' });
    return true;
  } catch (error) {
    console.warn(`apt-get could not install ${packages}: ${error.message}`);
    return false;
  }
}

/**
 * A Chromium path for the tests: `CHROME_PATH`, else the headless shell (installed from Debian's packages
 * as root when missing), else a full Chromium, else Playwright's installer.
 */
export function ensureChromium() {
  if (process.env.CHROME_PATH && existsSync(process.env.CHROME_PATH)) return process.env.CHROME_PATH;
  if (existsSync(HEADLESS_SHELL)) return HEADLESS_SHELL;
  if (canApt()) {
    console.log('Installing Chromium\'s headless shell from Debian packages (apt-get)…');
    if (aptInstall('chromium-headless-shell') && existsSync(HEADLESS_SHELL)) return HEADLESS_SHELL;
  }
  const full = findChromium({ headlessShell: false });
  if (full) return full;
  console.log('Installing Chromium with Playwright…');
  execSync('npx playwright install chromium', { stdio: 'inherit' });
  return undefined; // Playwright finds its own build
}
