import { useLocation } from "react-router";
import { breadcrumbList } from "../../lib/structured-data";
import { useRootData } from "../root-data";
import { JsonLd } from "./JsonLd";
import { AppLink } from "./AppLink";

export interface BreadcrumbLink {
  label: string;
  to: string;
}

/** The trail to the current page (`current`), shown as links and given to search engines
 * as a BreadcrumbList with absolute URLs on the site origin. */
export function Breadcrumb({ links, current }: { links: readonly BreadcrumbLink[]; current: string }) {
  const { siteOrigin } = useRootData();
  const { pathname } = useLocation();
  const crumbs = [...links.map((link) => ({ name: link.label, path: link.to })), { name: current }];
  return (
    <>
      <nav aria-label="Breadcrumb">
        <ol className="breadcrumb small">
          {links.map((link) => (
            <li className="breadcrumb-item" key={link.to}>
              <AppLink to={link.to}>{link.label}</AppLink>
            </li>
          ))}
          <li className="breadcrumb-item active text-truncate" aria-current="page">
            {current}
          </li>
        </ol>
      </nav>
      <JsonLd nodes={[breadcrumbList({ siteOrigin, url: `${siteOrigin}${pathname}` }, crumbs)]} />
    </>
  );
}
