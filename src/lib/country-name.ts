// Built on first use: the English names come with the runtime's ICU data, not our bundle.
let names: Intl.DisplayNames | undefined;

/** A country's English name ("DE" → "Germany"); the code itself if the runtime has none. */
export function countryName(code: string): string {
  names ??= new Intl.DisplayNames(["en"], { type: "region", fallback: "code" });
  return names.of(code) ?? code;
}
