import { createElement, lazy, Suspense, useEffect } from 'react';
import type { ComponentType } from 'react';
import r2wc from '@r2wc/react-to-web-component';
import { defineElement } from '../core/define';
import { $portalConfig } from '../core/env';
import { $messageBoxes, $toasts } from '../core/messages';
import { pageSingleton } from '../core/singleton';
import { useStore } from './hooks';
import { Overlays } from './overlays';
import { SignInGate } from './session';

type PropType = 'string' | 'number' | 'boolean' | 'json' | 'function' | 'method';

/** Options for {@link defineReactElement}. */
export interface ReactElementOptions<P extends object = object> {
  /** Props and how their attribute text is read; camelCase names map to kebab-case attributes. */
  props?: Record<string, PropType>;
  /** Event props (`onRecordChange` → `recordchange`); every event bubbles and crosses shadow roots. */
  events?: string[];
  /**
   * The element needs a signed-in user: embedded alone it starts the sign-in itself and renders its
   * view only once signed in ('Signing in…' before, 'Please login' with a Sign in button when signed out).
   */
  signIn?: boolean;
  /**
   * Runs whenever the element's view mounts, with its props: for example `ensureWorkbenchHost` (src/core/workbench),
   * so a screen embedded alone on a page gets the `<pfm-workbench-host>` its workbenches open in.
   */
  onMount?: (props: P) => void;
}

/**
 * `<portal-overlays>`: the page's toasts and its message box. The first of our elements on a page appends
 * one to `<body>` (fixed, 0×0, so the page's layout never moves); a page need not place it.
 *
 * @customElement portal-overlays
 */
export const OVERLAYS_TAG = 'portal-overlays';

function defineShadowReactElement<P extends object>(tag: string, component: ComponentType<P>, options: Pick<ReactElementOptions, 'props' | 'events'>): CustomElementConstructor {
  const events = Object.fromEntries((options.events ?? []).map((name) => [name, { bubbles: true, composed: true }]));
  const ctor = r2wc(component as ComponentType<object>, { shadow: 'open', props: options.props ?? {}, events }) as CustomElementConstructor;
  return defineElement(tag, ctor);
}

// Loaded only when a page's configuration cannot be used.
const ConfigProblem = lazy(() => import('./ConfigProblem').then((module) => ({ default: module.ConfigProblem })));

/** Wrap an element's component so that mounting it mounts the page's overlays too (and what `options` ask for). */
function withOverlays<P extends object>(component: ComponentType<P>, options: ReactElementOptions<P> = {}): ComponentType<P> {
  const { signIn = false, onMount } = options;
  function WithOverlays(props: P) {
    useEffect(() => ensureOverlays(), []);
    useEffect(() => {
      onMount?.(props);
      // Once per mount: later attribute changes are the view's business.
      // eslint-disable-next-line react-hooks/exhaustive-deps
    }, []);
    // A configuration that cannot be used replaces every element's view with its problems (issue 33).
    const config = useStore($portalConfig);
    if (config.status === 'invalid') return createElement(Suspense, null, createElement(ConfigProblem, { config }));
    const view = createElement(component, props);
    return signIn ? createElement(SignInGate, null, view) : view;
  }
  WithOverlays.displayName = `WithOverlays(${component.displayName ?? component.name})`;
  return WithOverlays;
}

/**
 * Define `<tag>` as a React component rendered into an open shadow root with the shared stylesheet.
 * Mounting it also mounts the page's `<portal-overlays>` (toasts and message boxes).
 * Safe to call twice (see defineElement).
 */
export function defineReactElement<P extends object>(tag: string, component: ComponentType<P>, options: ReactElementOptions<P> = {}): CustomElementConstructor {
  watchMessageStores();
  return defineShadowReactElement(tag, withOverlays(component, options), options);
}

/**
 * Make sure the page has one `<portal-overlays>` at the end of `<body>`, and that it comes back
 * whenever a toast or message box is shown after it was removed. Idempotent, also across two copies
 * of the bundle on one page (the element is looked up in the document, the store watch is per page).
 */
export function ensureOverlays(): void {
  if (!customElements.get(OVERLAYS_TAG)) defineShadowReactElement(OVERLAYS_TAG, Overlays, {});
  appendOverlays();
  watchMessageStores();
}

/** Once per page: a toast or box shown while no `<portal-overlays>` is in the document mounts one. */
function watchMessageStores(): void {
  pageSingleton('overlays-watch', () => {
    const onChange = (items: readonly unknown[]) => {
      if (items.length > 0) ensureOverlays();
    };
    return [$toasts.listen(onChange), $messageBoxes.listen(onChange)];
  });
}

function appendOverlays(): void {
  if (document.querySelector(OVERLAYS_TAG)) return; // also one appended by another copy of the bundle
  const parent = document.body ?? document.documentElement;
  const overlays = document.createElement(OVERLAYS_TAG);
  // Fixed and sized 0×0, so a legacy page's layout never moves; its content is fixed to the viewport.
  overlays.style.cssText = 'display:block;position:fixed;top:0;left:0;width:0;height:0;z-index:1090;';
  parent.append(overlays);
}

declare global {
  interface HTMLElementTagNameMap {
    'portal-overlays': HTMLElement;
  }
}
