import type { AnchorHTMLAttributes } from "react";
import { OUTBOUND_REL, outboundHref } from "../../lib/outbound";

type Props = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href" | "rel" | "target"> & {
  /** The partner URL as stored in the content, macros included. */
  to: string;
};

/** A partner link: through `/goto`, in a new tab, marked sponsored (ARCHITECTURE rule 6). */
export function OutboundLink({ to, children, ...rest }: Props) {
  return (
    <a {...rest} href={outboundHref(to)} target="_blank" rel={OUTBOUND_REL}>
      {children}
    </a>
  );
}
