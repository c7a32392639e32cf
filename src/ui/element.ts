import type { ComponentType } from 'react';
import r2wc from '@r2wc/react-to-web-component';
import { defineElement } from '../core/define';

type PropType = 'string' | 'number' | 'boolean' | 'json' | 'function' | 'method';

/** Options for {@link defineReactElement}. */
export interface ReactElementOptions {
  /** Props and how their attribute text is read; camelCase names map to kebab-case attributes. */
  props?: Record<string, PropType>;
  /** Event props (`onRecordChange` → `recordchange`); every event bubbles and crosses shadow roots. */
  events?: string[];
}

/**
 * Define `<tag>` as a React component rendered into an open shadow root with the shared stylesheet.
 * Safe to call twice (see defineElement).
 */
export function defineReactElement<P extends object>(tag: string, component: ComponentType<P>, options: ReactElementOptions = {}): CustomElementConstructor {
  const events = Object.fromEntries((options.events ?? []).map((name) => [name, { bubbles: true, composed: true }]));
  const ctor = r2wc(component as ComponentType<object>, { shadow: 'open', props: options.props ?? {}, events }) as CustomElementConstructor;
  return defineElement(tag, ctor);
}
