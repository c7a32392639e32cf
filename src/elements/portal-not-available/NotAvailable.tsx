/** An honest placeholder for a screen whose element has not been built yet: it names the screen. */
export function NotAvailable({ screen = 'This screen', tag }: { screen?: string; tag?: string }) {
  return (
    <main className="container py-5" aria-labelledby="na-title">
      <h1 id="na-title" className="h3 mb-3">{screen}</h1>
      <div className="alert alert-info" role="status">
        <strong>{screen}</strong> is not available yet in the new portal.
        {tag ? <span className="d-block small mt-1 text-body-secondary">Planned element: <code>{`<${tag}>`}</code></span> : null}
      </div>
    </main>
  );
}
