// Our custom elements in JSX: attributes as kebab-case strings (React 19 sets them as attributes).
import 'react';

type CustomElementProps = React.DetailedHTMLProps<React.HTMLAttributes<HTMLElement>, HTMLElement> & Record<`${string}-${string}`, string | undefined>;

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'portal-header': CustomElementProps;
      'portal-app': CustomElementProps;
    }
  }
}
