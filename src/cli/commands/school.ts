import { ConfigError, type StoreLocation } from '../../config/index.js';
import { searchKey } from '../../domain/names.js';
import { codePointOf } from '../../import/validate-rows.js';
import {
  LABEL_LANGUAGE_NAMES,
  LABEL_LANGUAGES,
  MAX_LABEL_CHARACTERS,
  type LabelLanguage,
} from '../../store/store.js';
import { formatCount, table } from '../output.js';
import { withStore } from './with-store.js';

/** A name given on the command line, trimmed; refused when empty, too long or with a control character. */
function checkedLabel(lang: LabelLanguage, label: string): string {
  const trimmed = label.replace(/ +/g, ' ').trim();
  const option = `--${lang}`;
  if (trimmed === '')
    throw new ConfigError(`${option} is empty: give the school's ${LABEL_LANGUAGE_NAMES[lang]} name`);
  const control = /\p{Cc}/u.exec(label)?.[0];
  if (control !== undefined)
    throw new ConfigError(`${option} holds control character ${codePointOf(control)}`);
  const characters = [...trimmed].length;
  if (characters > MAX_LABEL_CHARACTERS)
    throw new ConfigError(
      `${option} has ${formatCount(characters)} characters; at most ${formatCount(MAX_LABEL_CHARACTERS)} are allowed`,
    );
  return trimmed;
}

export async function labelSchool(
  school: string,
  given: Partial<Record<LabelLanguage, string>>,
  location: StoreLocation,
): Promise<string> {
  const labels = LABEL_LANGUAGES.flatMap((lang) =>
    given[lang] === undefined ? [] : [{ lang, label: checkedLabel(lang, given[lang]) }],
  );
  if (labels.length === 0)
    throw new ConfigError(
      `give the school's name in a language: ${LABEL_LANGUAGES.map((lang) => `--${lang} <name>`).join(', ')}`,
    );
  return withStore(location, 'write', async (store) => {
    const stored = await store.readSchoolLabels();
    await store.transaction(async (tx) => {
      const schools = await tx.readSchools();
      // Not a school of the lists, or a name that would stand for another school.
      const refusal = (lang: LabelLanguage, label: string) => {
        if (!schools.includes(school)) {
          const alike = schools.find((other) => searchKey(other) === searchKey(school));
          const hint = alike === undefined ? '' : `; did you mean "${alike}"?`;
          return `no participant's school is "${school}": give it exactly as the lists write it${hint}`;
        }
        const other = schools.find((one) => one !== school && searchKey(one) === searchKey(label));
        if (other !== undefined) return `"${label}" is the lists' name of another school, "${other}"`;
        const taken = stored.find(
          (one) => one.lang === lang && one.school !== school && searchKey(one.label) === searchKey(label),
        );
        if (taken !== undefined)
          return `"${label}" is the ${LABEL_LANGUAGE_NAMES[lang]} name of another school already, "${taken.school}"`;
      };
      for (const { lang, label } of labels) {
        const why = refusal(lang, label);
        if (why !== undefined) throw new ConfigError(why);
        await tx.setSchoolLabel(school, lang, label);
      }
    });
    const named = labels.map(({ lang, label }) => `"${label}" on the ${LABEL_LANGUAGE_NAMES[lang]} pages`);
    return `"${school}" is ${named.join(' and ')}; the API, the CSV files and the Spanish pages keep the lists' name`;
  });
}

export async function listLabels(location: StoreLocation): Promise<string> {
  return withStore(location, 'read', async (store) => {
    const labels = await store.readSchoolLabels();
    if (labels.length === 0)
      return "no school has a name of its own in another language: the pages show the lists' names";
    const schools = new Set(labels.map((one) => one.school)).size;
    return [
      `${schools === 1 ? '1 school has' : `${schools} schools have`} a name of its own in another language:`,
      table(labels.map((one) => [one.school, one.lang, one.label])),
    ].join('\n');
  });
}

/** `langs`: every language when empty. */
export async function unlabelSchool(
  school: string,
  langs: readonly LabelLanguage[],
  location: StoreLocation,
): Promise<string> {
  const dropped = langs.length === 0 ? LABEL_LANGUAGES : langs;
  const which = dropped.map((lang) => LABEL_LANGUAGE_NAMES[lang]).join(' or ');
  return withStore(location, 'write', async (store) => {
    const deleted = await store.transaction((tx) => tx.unsetSchoolLabels(school, dropped));
    if (deleted === 0) return `"${school}" has no ${which} name of its own: nothing changed`;
    return `"${school}" has no ${which} name of its own any more: the pages show the lists' name`;
  });
}
