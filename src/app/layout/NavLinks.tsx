import { useLocation } from "react-router";
import type { HeaderStore } from "../../data/website";
import { AppLink } from "../components/AppLink";
import { StoresMenu } from "./StoresMenu";

const LINKS = [
  { to: "/", label: "Home", end: true },
  { to: "/advertorials", label: "Advertorials", end: false },
  { to: "/comparisions", label: "Comparisons", end: false },
  { to: "/blog", label: "Blog", end: false },
];

/** Whether the page at `pathname` is the section a header link leads to (as NavLink decides:
 * the address itself or, unless `end`, a page under it). */
export function isCurrentSection(pathname: string, to: string, end = false): boolean {
  return pathname === to || (!end && pathname.startsWith(`${to}/`));
}

/** The header's navigation, shared by the desktop bar and the mobile offcanvas. The current
 * section is marked once here, from the location, rather than by a router link per item. */
export function NavLinks({ stores, className }: { stores: HeaderStore[]; className: string }) {
  const { pathname } = useLocation();
  return (
    <ul className={className}>
      {LINKS.map((item) => (
        <li className="nav-item" key={item.to}>
          <AppLink className="nav-link" to={item.to} current={isCurrentSection(pathname, item.to, item.end)}>
            {item.label}
          </AppLink>
        </li>
      ))}
      <StoresMenu stores={stores} current={isCurrentSection(pathname, "/offers")} />
    </ul>
  );
}
