import { Link } from "react-router";

/** Spec: Home / Coupons & Deals / store title. */
export function StoreBreadcrumb({ title }: { title: string }) {
  return (
    <nav aria-label="breadcrumb">
      <ol className="breadcrumb small">
        <li className="breadcrumb-item">
          <Link to="/">Home</Link>
        </li>
        <li className="breadcrumb-item">
          <Link to="/offers">Coupons &amp; Deals</Link>
        </li>
        <li className="breadcrumb-item active text-truncate" aria-current="page">
          {title}
        </li>
      </ol>
    </nav>
  );
}
