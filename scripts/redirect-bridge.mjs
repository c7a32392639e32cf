// Rollup plugin: writes the MSAL redirect bridge into the build, `redirect-bridge.html` and its self-contained script
// `redirect-bridge.js` (src/redirect-bridge.ts with the bridge part of MSAL, no chunk of the bundle), so a host deploys
// the page every sign-in answer comes back to from dist/, as it does the loader. Both are served `no-cache`.
import { build } from 'esbuild';

const PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Signing in…</title>
  <script type="module" src="redirect-bridge.js"></script>
</head>
<body>
  <p>Signing in…</p>
</body>
</html>
`;

export function redirectBridge({ source = 'src/redirect-bridge.ts' } = {}) {
  return {
    name: 'redirect-bridge',
    async generateBundle() {
      this.addWatchFile(source);
      const result = await build({
        entryPoints: [source], bundle: true, write: false, format: 'esm', target: 'es2022', minify: true, legalComments: 'none', logLevel: 'silent',
      });
      this.emitFile({ type: 'asset', fileName: 'redirect-bridge.js', source: result.outputFiles[0].text });
      this.emitFile({ type: 'asset', fileName: 'redirect-bridge.html', source: PAGE });
    },
  };
}
