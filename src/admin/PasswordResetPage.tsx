import { PASSWORD_RESET_PATH, SIGN_IN_PATH } from "../lib/admin-session";
import { AdminDocument } from "./AdminDocument";
import { EmailField } from "./SignInPage";

/**
 * /admin/password-reset: a marketer or an editor gives their address, and PocketBase emails
 * a link to its own page for choosing a new password. The answer is the same whether or not
 * an account has the address.
 */
export function PasswordResetPage({ email, sent, error, nonce }: { email?: string; sent?: boolean; error?: string; nonce?: string }) {
  return (
    <AdminDocument title="Reset your password" nonce={nonce}>
      <div className="sign-in mx-auto">
        <h1 className="h3 mb-3">Reset your password</h1>
        {error && (
          <div className="alert alert-danger" role="alert">
            {error}
          </div>
        )}
        {sent ? (
          <div className="alert alert-success" role="status">
            If a marketer's or an editor's account has this address, we have emailed it a link to choose a new password. The link works for 30 minutes; if
            nothing arrives, check the spam folder, then ask whoever manages the site's accounts.
          </div>
        ) : (
          <form method="post" action={PASSWORD_RESET_PATH} className="vstack gap-3">
            <p className="mb-0">Give the address you sign in with: we will email you a link to choose a new password.</p>
            <EmailField email={email} />
            <button type="submit" className="btn btn-primary">
              Email me a link
            </button>
          </form>
        )}
        <p className="mt-3">
          <a href={SIGN_IN_PATH}>Back to sign in</a>
        </p>
      </div>
    </AdminDocument>
  );
}
