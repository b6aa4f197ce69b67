import { formatCount } from "./numbers";

// Prices as visitors read them, written by hand like the other figures (src/lib/numbers.ts
// says why); a module of its own, so pages without products do not load it.

/** The currencies en-US writes with a symbol; every other one is written by its code. */
const CURRENCY_SYMBOLS: Readonly<Record<string, string>> = { USD: "$", EUR: "€", GBP: "£", INR: "₹", CAD: "CA$", AUD: "A$" };

/** A price as en-US writes it: "$9.99", "€12.00", "CHF 9.90" (a no-break space after a code). */
export function formatPrice({ amount, currency }: { amount: number; currency: string }): string {
  const [whole = "0", cents = "00"] = amount.toFixed(2).split(".");
  const figure = `${formatCount(Number(whole))}.${cents}`;
  const symbol = CURRENCY_SYMBOLS[currency];
  return symbol ? `${symbol}${figure}` : `${currency}\u00a0${figure}`;
}
