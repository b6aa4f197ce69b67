import built from "../../../public/build/assets.json";
import { useRootData } from "../root-data";
import { AdDisclosure } from "./AdDisclosure";
import { HeaderSearch } from "./HeaderSearch";
import { MobileMenu } from "./MobileMenu";
import { NavLinks } from "./NavLinks";
import { ThemeSwitcher } from "./ThemeSwitcher";
import { AppLink } from "../components/AppLink";

/** The header's links, which a link opens without JavaScript on narrow screens. */
const SITE_MENU_ID = "site-menu";

export function SiteHeader() {
  const { site, headerStores } = useRootData();
  return (
    <header className="border-bottom bg-body sticky-top">
      {/* The container inside the navbar keeps the page's side padding (a navbar's own is 0). */}
      <nav className="navbar navbar-expand-xl" aria-label="Main">
        <div className="container flex-nowrap gap-2">
          <AppLink className="navbar-brand fw-bold d-flex align-items-center gap-2 me-0" to="/">
            <img src={built.logo} alt="" width={28} height={28} />
            {site.name}
          </AppLink>
          {/* Without JavaScript, under the extra-large breakpoint, the links show when "Menu" targets them (client/styles.css). */}
          <div className="collapse navbar-collapse" id={SITE_MENU_ID}>
            <NavLinks stores={headerStores} className="navbar-nav me-auto text-nowrap" />
          </div>
          <HeaderSearch className="d-none d-xl-block" />
          <div className="d-flex align-items-center gap-2 ms-auto">
            {/* On every width: the disclosure belongs next to the links it discloses (FTC). */}
            <AdDisclosure />
            <ThemeSwitcher />
            <div className="d-xl-none">
              <MobileMenu stores={headerStores} siteName={site.name} />
              <a className="btn btn-outline-secondary nojs-menu-link" href={`#${SITE_MENU_ID}`}>
                Menu
              </a>
            </div>
          </div>
        </div>
      </nav>
    </header>
  );
}
