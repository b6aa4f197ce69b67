/** Spec: the Stores list's banner is a static image. Drawn inline (no request, no layout
 * shift) behind the page title; the shapes are tags and coupons in the theme's colours. */
export function StoresBanner({ title }: { title: string }) {
  return (
    <header className="position-relative overflow-hidden rounded-4 mb-4 bg-primary text-white" style={{ minHeight: "9rem" }}>
      <svg
        className="position-absolute top-0 start-0 w-100 h-100"
        viewBox="0 0 1200 240"
        preserveAspectRatio="xMaxYMid slice"
        aria-hidden="true"
        focusable="false"
      >
        <defs>
          <linearGradient id="stores-banner-fade" x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#fff" stopOpacity="0" />
            <stop offset="1" stopColor="#fff" stopOpacity="0.22" />
          </linearGradient>
        </defs>
        <rect width="1200" height="240" fill="url(#stores-banner-fade)" />
        <g fill="#fff" fillOpacity="0.14">
          <path d="M860 40h150l40 40-40 40H860a12 12 0 0 1-12-12V52a12 12 0 0 1 12-12z" />
          <path d="M930 140h170a12 12 0 0 1 12 12v16a14 14 0 0 0 0 28v16a12 12 0 0 1-12 12H930a12 12 0 0 1-12-12v-16a14 14 0 0 0 0-28v-16a12 12 0 0 1 12-12z" />
          <circle cx="1120" cy="60" r="34" />
          <circle cx="780" cy="190" r="22" />
        </g>
        <circle cx="1026" cy="80" r="8" fill="#fff" fillOpacity="0.35" />
      </svg>
      <div className="position-relative p-4 p-md-5">
        <h1 className="h3 mb-1">{title}</h1>
        <p className="mb-0 opacity-75">Verified coupons and deals from the stores our editors follow.</p>
      </div>
    </header>
  );
}
