/** `[{year, count}]`, years ascending, from `{ 2023: 3, 2024: 2 }`: the series of a school. */
export function yearCounts(counts: Readonly<Record<number, number>>): { year: number; count: number }[] {
  return Object.entries(counts)
    .map(([year, count]) => ({ year: Number(year), count }))
    .sort((a, b) => a.year - b.year);
}
