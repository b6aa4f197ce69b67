export function SiteFooter() {
  return (
    <footer className="border-top py-4 mt-5 bg-body-tertiary">
      <div className="container small text-body-secondary">© 2026 DealPilot. Independent reviews of digital services.</div>
    </footer>
  );
}
