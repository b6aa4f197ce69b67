import { PageMeta } from "../components/PageMeta";
import { AppLink } from "../components/AppLink";

export function NotFoundPage() {
  return (
    <main className="container py-5 text-center">
      <PageMeta title="Page not found" noindex />
      <h1 className="display-6">Page not found</h1>
      <p className="text-body-secondary">The page you are looking for was moved, removed or might never have existed.</p>
      <AppLink className="btn btn-primary" to="/">
        Go to homepage
      </AppLink>
    </main>
  );
}
