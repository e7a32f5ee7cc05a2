/**
 * The fields of a query string, a repeated name as a list: as the server's query parser reads an address
 * (the web's search asks with them, the server's render answers them in-process, platform/in-page.ts).
 */
export function queryFields(params: URLSearchParams): Record<string, string | string[]> {
  const fields: Record<string, string | string[]> = {};
  for (const [name, value] of params) {
    const had = fields[name];
    fields[name] = had === undefined ? value : [...(Array.isArray(had) ? had : [had]), value];
  }
  return fields;
}
