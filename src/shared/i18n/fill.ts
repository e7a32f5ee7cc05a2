/**
 * Fills {name} placeholders in the long page texts. Those texts use plain placeholders only, so they need
 * no ICU parser in the browser.
 */
export function fillPlaceholders(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
