import type { ComponentType } from 'react';
import { ensureWorkbenchHost } from '../core/workbench';
import type { WorkbenchHostContext } from '../core/workbench';
import { defineReactElement } from './element';
import type { ReactElementOptions } from './element';

/** `HTMLElementTagNameMap`'s entry for a project-scoped screen: the two ids a host page may set as properties. */
export type ProjectScreenElement = HTMLElement & { projectId?: number; budgetId?: number };

/**
 * Define `<tag>` as a project-scoped PFM screen: `view` reads `props` (its attributes: the project, or the budget when
 * `project-id` is -1, and whatever else the screen takes). It signs in by itself, and embedded alone on a page (no
 * `<portal-app>`) it appends a `<pfm-workbench-host>` when the page has none (`ensureWorkbenchHost`), so its
 * workbenches, and the one the page's query names, open over the page.
 *
 * The element catalogue (scripts/custom-elements/r2wc-plugin.mjs) reads the call like `defineReactElement`'s, with
 * `signIn: true`: `props` must be written out as a literal in the element's define.ts.
 */
export function defineProjectScreen<P extends WorkbenchHostContext>(
  tag: string, view: ComponentType<P>, props: NonNullable<ReactElementOptions['props']>,
): CustomElementConstructor {
  return defineReactElement(tag, view, { props, signIn: true, onMount: ensureWorkbenchHost });
}
