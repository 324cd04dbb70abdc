/**
 * The texts of a catalogue of the pages (src/web/texts/), to look for in a page: every
 * string, and the fixed words of every function (called with sample figures and names,
 * and cut where those go). Short fragments and identifiers (addresses, acronyms) are left
 * out: they say nothing of a language.
 */
const SAMPLE = '\u2063';
const ARGUMENT_SETS: unknown[][] = [
  [SAMPLE, SAMPLE, SAMPLE, SAMPLE],
  [7, 7, 7, [2021]],
  [1, 1, 1, []],
  [7, 9, SAMPLE, SAMPLE],
  [SAMPLE, 7, 9],
];

function fragments(text: string): string[] {
  if (/^https?:\/\//.test(text)) return [];
  return text
    .split(/\u2063|[0-9.]+/)
    .map((fragment) =>
      fragment
        .trim()
        .replace(/^[,.:;()·«»]+|[,.:;()·«»]+$/g, '')
        .trim(),
    )
    .filter((fragment) => fragment.length >= 6 && /\p{Ll}{3}/u.test(fragment));
}

export function catalogueTexts(catalogue: object): string[] {
  const found = new Set<string>();
  const walk = (value: unknown): void => {
    if (typeof value === 'string') for (const fragment of fragments(value)) found.add(fragment);
    else if (typeof value === 'function')
      for (const args of ARGUMENT_SETS) {
        try {
          const made: unknown = (value as (...args: unknown[]) => unknown)(...args);
          if (typeof made === 'string') walk(made);
        } catch {
          // Arguments of another kind than this function takes.
        }
      }
    else if (value !== null && typeof value === 'object') for (const item of Object.values(value)) walk(item);
  };
  walk(catalogue);
  return [...found];
}

/** Every key of a catalogue, as dotted paths (`search.errors.name`), with the kind of value at it. */
export function catalogueKeys(catalogue: object): string[] {
  const keys: string[] = [];
  const walk = (value: unknown, path: string): void => {
    if (value !== null && typeof value === 'object' && !Array.isArray(value))
      for (const [key, item] of Object.entries(value)) walk(item, path === '' ? key : `${path}.${key}`);
    else keys.push(`${path}: ${Array.isArray(value) ? `array(${value.length})` : typeof value}`);
  };
  walk(catalogue, '');
  return keys.sort();
}
