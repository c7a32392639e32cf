import type { ReactNode } from 'react';

/** A full-width notice used by the Not Found, No Access and Can Not Proceed screens. */
export function StatusScreen({ title, children, homeHref }: { title: string; children: ReactNode; homeHref: string }) {
  return (
    <main className="container py-5" aria-labelledby="status-title">
      <h1 id="status-title" className="display-6 mb-3">{title}</h1>
      <div className="lead mb-4">{children}</div>
      <a className="btn btn-primary" href={homeHref}>Go to the home page</a>
    </main>
  );
}
