import { isRouteErrorResponse, useLocation, useRouteError } from "react-router";
import { PageMeta } from "../components/PageMeta";
import { NotFoundPage } from "./NotFoundPage";
import { AppLink } from "../components/AppLink";

function messageOf(data: unknown): string | undefined {
  return typeof data === "object" && data && "message" in data && typeof data.message === "string" ? data.message : undefined;
}

/** What a visitor sees when a route cannot render: the not-found page for 404, a plain
 * explanation for bad input, a retry offer when the content service is down. Never a trace. */
export function RouteErrorPage() {
  const error = useRouteError();
  const location = useLocation();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (status === 404) return <NotFoundPage />;
  if (status === 400) {
    return (
      <main className="container py-5">
        <PageMeta title="Bad request" noindex />
        <h1 className="h3">This address is not valid</h1>
        <p>{isRouteErrorResponse(error) ? messageOf(error.data) : undefined}</p>
        <AppLink to="/">Go to homepage</AppLink>
      </main>
    );
  }
  return (
    <main className="container py-5">
      <PageMeta title="Temporarily unavailable" noindex />
      <h1 className="h3">We could not load this page just now</h1>
      <p>Our content service did not answer. Please try again in a moment.</p>
      <a className="btn btn-outline-primary" href={location.pathname + location.search}>
        Try again
      </a>
    </main>
  );
}
