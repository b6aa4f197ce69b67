/**
 * Spec section 5: an icon path is valid only if it is non-empty, made of path-command
 * characters and digits, and begins with M or m. The number separators (comma, point,
 * minus sign) and the whitespace of SVG's path grammar are allowed between them. Anything
 * else (markup, `url(...)`, exponents, other whitespace) is not drawn; the category's
 * icon image is shown instead.
 */
const ICON_PATH = /^[Mm][MmLlHhVvCcSsQqTtAaZz0-9 \t\n\r\f,.-]*$/;

export function isValidIconPath(path: string | null | undefined): path is string {
  return typeof path === "string" && ICON_PATH.test(path);
}
