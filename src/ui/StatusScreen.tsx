import type { ReactNode } from 'react';

/** The attributes of a status page element (Not Found, No Access, Can Not Proceed). */
export interface StatusPageProps {
  /** Where the home link points; a legacy page may point it at its own start page. */
  homeHref?: string;
  /** The path that was asked for, shown as text. */
  path?: string;
}

/** A full-width notice used by the Not Found, No Access and Can Not Proceed screens, with the path asked for when known. */
export function StatusScreen({ title, children, homeHref = '/', path }: StatusPageProps & { title: string; children: ReactNode }) {
  return (
    <main className="container py-5" aria-labelledby="status-title">
      <h1 id="status-title" className="display-6 mb-3">{title}</h1>
      <div className="lead mb-4">
        {children}
        {path ? <p className="small text-body-secondary">Requested: <code>{path}</code></p> : null}
      </div>
      <a className="btn btn-primary" href={homeHref}>Go to the home page</a>
    </main>
  );
}
