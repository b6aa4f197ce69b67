import type { AnchorHTMLAttributes } from "react";
import { omit } from "../../lib/omit";
import { OUTBOUND_REL, outboundHref } from "../../lib/outbound";

type Props = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href" | "rel" | "target"> & {
  /** The partner URL as stored in the content, macros included. */
  to: string;
};

/** A partner link: through `/goto`, in a new tab, marked sponsored (ARCHITECTURE rule 6).
 * Its props are copied by `omit` rather than an object rest (decision 026). */
export function OutboundLink(props: Props) {
  const anchor: AnchorHTMLAttributes<HTMLAnchorElement> = omit(props, ["to"]);
  anchor.href = outboundHref(props.to);
  anchor.target = "_blank";
  anchor.rel = OUTBOUND_REL;
  return <a {...anchor} />;
}
