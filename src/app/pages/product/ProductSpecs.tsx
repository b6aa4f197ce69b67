/** "At a glance": the product's specs, the facts comparison tables put side by side. */
export function ProductSpecs({ specs }: { specs: Record<string, string> }) {
  const entries = Object.entries(specs);
  if (!entries.length) return null;
  return (
    <section className="mb-4" aria-labelledby="product-specs">
      <h2 id="product-specs" className="h4 mb-3">
        At a glance
      </h2>
      <dl className="row row-cols-2 row-cols-md-3 g-3 mb-0">
        {entries.map(([label, value]) => (
          // A group is a <dl>'s child and holds its <dt> and <dd> directly (WCAG 1.3.1).
          <div className="col d-flex flex-column-reverse" key={label}>
            <dt className="small fw-normal text-body-secondary border border-top-0 rounded-bottom-3 px-3 pb-2">{label}</dt>
            <dd className="fw-semibold mb-0 border border-bottom-0 rounded-top-3 px-3 pt-2 pb-1 flex-grow-1">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
