import built from "../../../public/build/assets.json";
import { Link } from "react-router";
import { useRootData } from "../root-data";
import { AdDisclosure } from "./AdDisclosure";
import { MobileMenu } from "./MobileMenu";
import { NavLinks } from "./NavLinks";
import { ThemeSwitcher } from "./ThemeSwitcher";

export function SiteHeader() {
  const { site, headerStores } = useRootData();
  return (
    <header className="border-bottom bg-body sticky-top">
      <nav className="navbar navbar-expand-lg container" aria-label="Main">
        <Link className="navbar-brand fw-bold d-flex align-items-center gap-2" to="/">
          <img src={built.favicon} alt="" width={28} height={28} />
          {site.name}
        </Link>
        <div className="collapse navbar-collapse">
          <NavLinks stores={headerStores} className="navbar-nav me-auto" />
        </div>
        <div className="d-flex align-items-center gap-2 ms-auto">
          <div className="d-none d-md-block">
            <AdDisclosure />
          </div>
          <ThemeSwitcher />
          <div className="d-lg-none">
            <MobileMenu stores={headerStores} siteName={site.name} />
          </div>
        </div>
      </nav>
    </header>
  );
}
