const LOGO = 20;

/** A store named on an offer from one of many stores: its small logo, when it has one,
 * before its title (the logo is decoration beside the name, so it has no text of its own). */
export function StoreMark({ title, logoUrl }: { title: string; logoUrl: string }) {
  return (
    <>
      {logoUrl && (
        <img className="rounded me-1 align-text-bottom object-fit-contain" src={logoUrl} alt="" width={LOGO} height={LOGO} loading="lazy" decoding="async" />
      )}
      {title}
    </>
  );
}
