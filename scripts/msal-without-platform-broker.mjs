// Rollup plugin: leaves MSAL's platform broker (Windows WAM / browser-extension sign-in) out of the bundle.
// We never enable it (`system.allowPlatformBroker` stays false, MSAL's default), so its ~86 KB of
// minified code is dead weight on every page; MSAL only constructs these classes when the broker is on.
// The e2e sign-in tests run against this build, so a change in MSAL that needs them would show there.
const STUBS = {
  'interaction_client/PlatformAuthInteractionClient.mjs': 'PlatformAuthInteractionClient',
  'broker/nativeBroker/PlatformAuthExtensionHandler.mjs': 'PlatformAuthExtensionHandler',
  'broker/nativeBroker/PlatformAuthDOMHandler.mjs': 'PlatformAuthDOMHandler',
};

export function msalWithoutPlatformBroker() {
  return {
    name: 'msal-without-platform-broker',
    load(id) {
      const path = id.replaceAll('\\', '/');
      if (!path.includes('/@azure/msal-browser/dist/')) return null;
      const entry = Object.entries(STUBS).find(([file]) => path.endsWith(`/dist/${file}`));
      if (!entry) return null;
      const name = entry[1];
      return `const unavailable = () => { throw new Error('The MSAL platform broker is not part of this build.'); };
export class ${name} { constructor() { unavailable(); } static async createProvider() { unavailable(); } }`;
    },
  };
}
