/** Figures as the report shows them (en-US; UTC days). */

const count = new Intl.NumberFormat("en-US");
const percent = new Intl.NumberFormat("en-US", { style: "percent", minimumFractionDigits: 2, maximumFractionDigits: 2 });
const moneyFormats = new Map<string, Intl.NumberFormat>();

export function formatCount(value: number): string {
  return count.format(value);
}

export function formatPercent(value: number | null): string {
  return value === null ? "–" : percent.format(value);
}

/** An amount in a currency, to `places` decimals (EPC is often under a cent). */
export function formatMoney(value: number | null, currency: string, places = 2): string {
  if (value === null) return "–";
  const key = `${currency}:${places}`;
  let format = moneyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat("en-US", { style: "currency", currency, minimumFractionDigits: places, maximumFractionDigits: places });
    moneyFormats.set(key, format);
  }
  return format.format(value);
}
