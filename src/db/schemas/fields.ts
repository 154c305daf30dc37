// Reusable JSON-schema fragments for the RxDB schemas. Synced documents keep the Postgres column names
// and types as PostgREST returns them: uuid/text as strings, date as 'YYYY-MM-DD', timestamptz as an
// ISO string, int/bigint as numbers, nullable columns as `[type, 'null']`.
//
// Dexie needs every index field `required` and bounded: strings need maxLength, numbers need
// minimum/maximum/multipleOf. Every indexed column here is NOT NULL in Postgres, so no sentinel is
// needed except where a schema says so.

export const uuid = { type: 'string', maxLength: 36 } as const;
export const textId = (maxLength = 128) => ({ type: 'string', maxLength }) as const;
/** A calendar day, 'YYYY-MM-DD'. */
export const isoDay = { type: 'string', maxLength: 10 } as const;
/** A timestamptz; the client writes `Date#toISOString()`, PostgREST returns '+00:00' offsets. */
export const timestamp = { type: 'string', maxLength: 40 } as const;
export const nullableTimestamp = { type: ['string', 'null'], maxLength: 40 } as const;
export const nullableText = (maxLength: number) => ({ type: ['string', 'null'], maxLength }) as const;
export const nullableInt = { type: ['integer', 'null'] } as const;
export const indexedInt = (minimum: number, maximum: number) =>
  ({ type: 'integer', minimum, maximum, multipleOf: 1 }) as const;
