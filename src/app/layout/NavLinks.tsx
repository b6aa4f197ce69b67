import { NavLink } from "react-router";
import type { HeaderStore } from "../../data/website";
import { StoresMenu } from "./StoresMenu";

const LINKS = [
  { to: "/", label: "Home", end: true },
  { to: "/advertorials", label: "Advertorials", end: false },
  { to: "/comparisions", label: "Comparisons", end: false },
  { to: "/blog", label: "Blog", end: false },
];

/** The header's navigation, shared by the desktop bar and the mobile offcanvas. */
export function NavLinks({ stores, className }: { stores: HeaderStore[]; className: string }) {
  return (
    <ul className={className}>
      {LINKS.map((item) => (
        <li className="nav-item" key={item.to}>
          <NavLink className="nav-link" to={item.to} end={item.end}>
            {item.label}
          </NavLink>
        </li>
      ))}
      <StoresMenu stores={stores} />
    </ul>
  );
}
