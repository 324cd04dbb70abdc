import { z } from 'zod';

/**
 * The shapes of `public_data` the pages draw (DESIGN §3). Rows may be written by hand
 * with plain SQL, so a page checks the shape before drawing it; a row of another shape
 * is shown by its summary alone.
 */
const yearCounts = z.array(z.object({ year: z.number(), count: z.number() }));

export const SHAPES = {
  ranked: z.array(z.object({ name: z.string(), count: z.number() })),
  yearCounts,
  figure: z.number(),
  names: z.array(z.string()),
  nameBySchool: z.array(z.object({ name: z.string(), school: z.string() })),
  evolution: z.array(z.object({ total: z.number(), school: z.string(), years: yearCounts })),
  constant: z.array(z.object({ school: z.string(), yearsActive: yearCounts })),
  newSchools: z.array(z.object({ school: z.string() })),
} as const;

export type YearCount = z.infer<typeof SHAPES.yearCounts>[number];
