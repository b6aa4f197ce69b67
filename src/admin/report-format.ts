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

const signedPercent = new Intl.NumberFormat("en-US", { style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1, signDisplay: "exceptZero" });
const signedPoints = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2, signDisplay: "exceptZero" });

/** A change as a signed percentage ("+50.0%"); a dash when there was nothing to compare with. */
export function formatChange(value: number | null): string {
  return value === null ? "–" : signedPercent.format(value);
}

/** A change of a rate, in percentage points ("+1.25 pp"). */
export function formatPoints(now: number | null, before: number | null): string {
  return now === null || before === null ? "–" : `${signedPoints.format((now - before) * 100)} pp`;
}
