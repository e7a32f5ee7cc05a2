// Values of the contract that pages need without its zod schemas: importing a contract module builds all
// of its schemas, which cost the search page a long task on a phone (issue 11, decision 0014). The
// contract modules re-export them, so the server and the schemas use the same values.

export const GENDERS = ['male', 'female', 'couple', 'trans', 'nonbinary'] as const;
export type Gender = (typeof GENDERS)[number];

/** Member search limits (D-01, D-02). */
export const SEARCH = {
  pageSize: 24,
  /** Visitors see the first page only, this many results (D-02). */
  visitorPageSize: 12,
  maxPage: 1000,
  /** Counting stops here: numResults is exact below it and reads "this many or more" at it. */
  countCap: 1000,
  minAge: 18,
  maxAge: 120,
  /** Similar results widen the age range by this many years on each side. */
  widenYears: 5,
} as const;

/** Query fields a site can offer (settings.search_fields); `countryregion` is the region filter. */
export const SEARCH_FIELDS = ['gender', 'country', 'countryregion', 'min_age', 'max_age'] as const;
