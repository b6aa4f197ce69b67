import { AdminDocument } from "./AdminDocument";

/** /admin/sign-in: email and password of a marketer's account or a PocketBase superuser. */
export function SignInPage({ next, email, error, nonce }: { next: string; email?: string; error?: string; nonce?: string }) {
  return (
    <AdminDocument title="Sign in" nonce={nonce}>
      <div className="sign-in mx-auto">
        <h1 className="h3 mb-3">Sign in to reports</h1>
        {error && (
          <div className="alert alert-danger" role="alert">
            {error}
          </div>
        )}
        <form method="post" action="/admin/sign-in" className="vstack gap-3">
          <input type="hidden" name="next" value={next} />
          <div>
            <label htmlFor="email" className="form-label">
              Email
            </label>
            <input id="email" name="email" type="email" autoComplete="username" required className="form-control" defaultValue={email} />
          </div>
          <div>
            <label htmlFor="password" className="form-label">
              Password
            </label>
            <input id="password" name="password" type="password" autoComplete="current-password" required className="form-control" />
          </div>
          <button type="submit" className="btn btn-primary">
            Sign in
          </button>
        </form>
        <p className="small text-body-secondary mt-3">
          For marketers' accounts and PocketBase superusers. An editor makes a marketer's account in the PocketBase admin UI.
        </p>
      </div>
    </AdminDocument>
  );
}
