import { compareSpanish } from '../collation.js';

/** A word of a ranking: first name or surname, counted case-insensitively. */
export interface CountedWord {
  /** The lowercase form: two spellings with the same key are one word. */
  key: string;
  /** Its most frequent written form; equal counts go to the first in Spanish order. */
  name: string;
  count: number;
}

/**
 * Records per word, counted case-insensitively (DESIGN §3) while keeping every
 * written form, so that a word is shown as it is most often written (`Ane`, not `ANE`).
 */
export class WordCounts {
  /** Key → written form → records. */
  private readonly formsByKey = new Map<string, Map<string, number>>();

  /** Counts `records` records bearing `word`; returns the word's key. */
  add(word: string, records = 1): string {
    const key = word.toLowerCase();
    let forms = this.formsByKey.get(key);
    if (forms === undefined) {
      forms = new Map();
      this.formsByKey.set(key, forms);
    }
    forms.set(word, (forms.get(word) ?? 0) + records);
    return key;
  }

  addAll(other: WordCounts): void {
    for (const forms of other.formsByKey.values())
      for (const [word, records] of forms) this.add(word, records);
  }

  /** Distinct words. */
  get size(): number {
    return this.formsByKey.size;
  }

  /** Every word once, in no particular order. */
  words(): CountedWord[] {
    return [...this.formsByKey].map(([key, forms]) => {
      let name = '';
      let shownCount = 0;
      let count = 0;
      for (const [form, records] of forms) {
        count += records;
        if (records > shownCount || (records === shownCount && compareSpanish(form, name) < 0)) {
          name = form;
          shownCount = records;
        }
      }
      return { key, name, count };
    });
  }
}
