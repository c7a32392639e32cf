import { expect } from 'chai';
import { currentEnvironment, DEV_RESOURCES, devPortalConfig, hostEnvironment, hostName, legacyHost } from '../../src/core/env';
import { parsePortalConfig } from '../../src/core/config';

describe('env: environment by host', () => {
  it('treats localhost, 127.0.0.1 and [::1] as dev, with or without a port', () => {
    for (const host of ['localhost', 'localhost:8443', '127.0.0.1:8443', '[::1]:8443', 'LOCALHOST:8443']) expect(currentEnvironment(host), host).to.equal('dev');
  });

  it('treats dev. and -dev. hosts as dev', () => {
    expect(currentEnvironment('dev.portal.example.com')).to.equal('dev');
    expect(currentEnvironment('portal-dev.example.com')).to.equal('dev');
  });

  it('treats stage. and -stage. hosts as stage', () => {
    expect(currentEnvironment('stage.portal.example.com')).to.equal('stage');
    expect(currentEnvironment('portal-stage.example.com:443')).to.equal('stage');
  });

  it('treats every other host as production, including look-alikes', () => {
    for (const host of ['portal.example.com', 'devportal.example.com', 'example.com', 'portal.example.com.dev.evil', 'localhost.evil.com', 'a.dev.example.com']) {
      expect(currentEnvironment(host), host).to.equal('production');
    }
  });

  it('defaults to this page (the test runner serves from localhost)', () => {
    expect(currentEnvironment()).to.equal('dev');
  });

  it('strips the port from hosts', () => {
    expect(hostName('LocalHost:8443')).to.equal('localhost');
    expect(hostName('[::1]:8443')).to.equal('[::1]');
    expect(hostName('example.com')).to.equal('example.com');
  });
});

describe('env: settings per environment', () => {
  it('signs dev in against the demo host at /idp with the OIDC settings', () => {
    const settings = hostEnvironment('https://localhost:8443');
    expect(settings.name).to.equal('dev');
    expect(settings.signIn).to.deep.equal({
      authority: 'https://localhost:8443/idp',
      clientId: 'portal',
      knownAuthorities: ['localhost:8443'],
      protocolMode: 'OIDC',
      scopes: {
        api: 'api://bizapps-portal/access_as_user',
        bi: 'api://bizapps-bi/access_as_user',
        ai: 'api://bizapps-ai/access_as_user',
        search: 'api://bizapps-search/access_as_user',
      },
      redirectUri: 'https://localhost:8443/dist/redirect-bridge.html',
      postLogoutRedirectUri: 'https://localhost:8443/',
    });
  });

  it('gives each of the four dev resources its own audience, and scopes under it', () => {
    const audiences = Object.values(DEV_RESOURCES).map((resource) => resource.identifier);
    expect(new Set(audiences).size).to.equal(4);
    for (const resource of Object.values(DEV_RESOURCES)) {
      expect(resource.scope.startsWith(`${resource.identifier}/`)).to.equal(true);
      expect(resource.scope).to.equal(resource.scope.toLowerCase()); // MSAL lowercases scopes
    }
  });

  it('gives stage and production no sign-in by host name: no tenant is compiled in (issue 33), a document must say it', () => {
    for (const origin of ['https://stage.portal.example.com', 'https://portal.example.com']) expect(hostEnvironment(origin).signIn).to.equal(null);
  });

  it("uses the page's own origin as the legacy host when no document names one", () => {
    expect(hostEnvironment('https://localhost:8443').legacyOrigin).to.equal('https://localhost:8443');
    expect(hostEnvironment('https://stage.portal.example.com/x').legacyOrigin).to.equal('https://stage.portal.example.com');
    expect(legacyHost()).to.equal(location.origin);
  });

  it("writes dev's host rules out as the demo host's document, which the validator accepts unchanged", () => {
    const origin = 'https://localhost:8443';
    const result = parsePortalConfig(JSON.stringify(devPortalConfig(origin)), origin);
    expect(result).to.deep.equal({ ok: true, ignored: [], settings: hostEnvironment(origin) });
  });

  it('gives each environment its own header colour', () => {
    const colours = ['https://localhost', 'https://stage.x.com', 'https://x.com'].map((origin) => hostEnvironment(origin).headerColor);
    expect(new Set(colours).size).to.equal(3);
    for (const colour of colours) expect(colour).to.match(/^#[0-9a-f]{6}$/i);
  });
});
