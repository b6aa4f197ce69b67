/** JSON safe to place inside <script type="application/json">: no `</script>`,
 * `<!--` or line-separator breakout whatever the content holds. */
export function jsonForScript(value: unknown): string {
  // One pass over the page's largest string (the loader data), not one per character.
  return JSON.stringify(value).replace(UNSAFE_IN_SCRIPT, (char) => ESCAPES[char] ?? char);
}

const UNSAFE_IN_SCRIPT = /[<>&\u2028\u2029]/g;
const ESCAPES: Record<string, string> = { "<": "\\u003c", ">": "\\u003e", "&": "\\u0026", "\u2028": "\\u2028", "\u2029": "\\u2029" };
