import { NavLink, Link } from "react-router";

const NAV = [
  { to: "/", label: "Home", end: true },
  { to: "/stores", label: "Stores", end: false },
  { to: "/advertorials", label: "Advertorials", end: false },
  { to: "/comparisions", label: "Comparisons", end: false },
  { to: "/blog", label: "Blog", end: false },
];

export function SiteHeader() {
  return (
    <header className="border-bottom bg-body">
      <nav className="navbar navbar-expand container" aria-label="Main">
        <Link className="navbar-brand fw-bold" to="/">
          DealPilot
        </Link>
        <ul className="navbar-nav flex-wrap">
          {NAV.map((item) => (
            <li className="nav-item" key={item.to}>
              <NavLink className="nav-link" to={item.to} end={item.end}>
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
