import { createElement, useEffect } from 'react';
import type { ComponentType } from 'react';
import r2wc from '@r2wc/react-to-web-component';
import { defineElement } from '../core/define';
import { $messageBoxes, $toasts } from '../core/messages';
import { pageSingleton } from '../core/singleton';
import { Overlays } from './overlays';

type PropType = 'string' | 'number' | 'boolean' | 'json' | 'function' | 'method';

/** Options for {@link defineReactElement}. */
export interface ReactElementOptions {
  /** Props and how their attribute text is read; camelCase names map to kebab-case attributes. */
  props?: Record<string, PropType>;
  /** Event props (`onRecordChange` → `recordchange`); every event bubbles and crosses shadow roots. */
  events?: string[];
}

/** Tag of the one element per page that shows toasts and message boxes. */
export const OVERLAYS_TAG = 'portal-overlays';

function defineShadowReactElement<P extends object>(tag: string, component: ComponentType<P>, options: ReactElementOptions): CustomElementConstructor {
  const events = Object.fromEntries((options.events ?? []).map((name) => [name, { bubbles: true, composed: true }]));
  const ctor = r2wc(component as ComponentType<object>, { shadow: 'open', props: options.props ?? {}, events }) as CustomElementConstructor;
  return defineElement(tag, ctor);
}

/** Wrap an element's component so that mounting it mounts the page's overlays too. */
function withOverlays<P extends object>(component: ComponentType<P>): ComponentType<P> {
  function WithOverlays(props: P) {
    useEffect(() => ensureOverlays(), []);
    return createElement(component, props);
  }
  WithOverlays.displayName = `WithOverlays(${component.displayName ?? component.name})`;
  return WithOverlays;
}

/**
 * Define `<tag>` as a React component rendered into an open shadow root with the shared stylesheet.
 * Mounting it also mounts the page's `<portal-overlays>` (toasts and message boxes).
 * Safe to call twice (see defineElement).
 */
export function defineReactElement<P extends object>(tag: string, component: ComponentType<P>, options: ReactElementOptions = {}): CustomElementConstructor {
  watchMessageStores();
  return defineShadowReactElement(tag, withOverlays(component), options);
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
