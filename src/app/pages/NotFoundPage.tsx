import { Link } from "react-router";

export function NotFoundPage() {
  return (
    <main className="container py-5 text-center">
      <title>Page not found</title>
      <meta name="robots" content="noindex" />
      <h1 className="display-6">Page not found</h1>
      <p className="text-body-secondary">The page you are looking for was moved, removed or might never existed.</p>
      <Link className="btn btn-primary" to="/">
        Go to homepage
      </Link>
    </main>
  );
}
