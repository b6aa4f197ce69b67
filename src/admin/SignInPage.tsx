import type { AccountCollection } from "../lib/admin-session";
import { AdminDocument } from "./AdminDocument";

/** The second step of a multi-factor sign-in: which account, and PocketBase's ids of the two factors. */
export interface CodeStep {
  collection: AccountCollection;
  mfaId: string;
  otpId: string;
}

/**
 * /admin/sign-in: the email and password of a marketer's or an editor's account, then, where
 * multi-factor sign-in is on for the account, the one-time code PocketBase emailed them.
 */
export function SignInPage({ next, email, error, step, nonce }: { next: string; email?: string; error?: string; step?: CodeStep; nonce?: string }) {
  return (
    <AdminDocument title="Sign in" nonce={nonce}>
      <div className="sign-in mx-auto">
        <h1 className="h3 mb-3">Sign in</h1>
        {error && (
          <div className="alert alert-danger" role="alert">
            {error}
          </div>
        )}
        <form method="post" action="/admin/sign-in" className="vstack gap-3">
          <input type="hidden" name="next" value={next} />
          {step ? (
            <>
              <input type="hidden" name="step" value="code" />
              <input type="hidden" name="collection" value={step.collection} />
              <input type="hidden" name="mfa" value={step.mfaId} />
              <input type="hidden" name="otp" value={step.otpId} />
              <input type="hidden" name="email" value={email} />
              <p className="mb-0">
                We have emailed a sign-in code to <strong>{email}</strong>. It works once, for a few minutes.
              </p>
              <div>
                <label htmlFor="code" className="form-label">
                  Code
                </label>
                <input id="code" name="code" type="text" inputMode="numeric" autoComplete="one-time-code" required className="form-control" />
              </div>
            </>
          ) : (
            <>
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
            </>
          )}
          <button type="submit" className="btn btn-primary">
            {step ? "Continue" : "Sign in"}
          </button>
        </form>
        <p className="small text-body-secondary mt-3">
          For marketers (reports) and editors (previews of drafts). Superusers work in PocketBase's admin UI; an editor's account there gives them previews.
        </p>
      </div>
    </AdminDocument>
  );
}
