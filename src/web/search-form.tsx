import { useContext } from 'preact/hooks';
import { compareSpanish } from '../domain/collation.js';
import { useLocale } from './locale.js';
import { SchoolContext } from './name-links.js';

export interface SearchInput {
  name: string;
  company: string;
}

interface SearchFormProps {
  companies: readonly string[];
  input?: SearchInput;
  idPrefix: string;
}

/**
 * The participant search, POSTed: the name never travels in an address (history, `Referer`,
 * logs). Each school is chosen by its name on these pages and sent by the lists' (the API's).
 */
export function SearchForm({ companies, input, idPrefix }: SearchFormProps) {
  const { texts: all, paths } = useLocale();
  const schools = useContext(SchoolContext);
  const choices = companies
    .map((company) => ({ company, shown: schools.name(company) }))
    .sort((a, b) => compareSpanish(a.shown, b.shown));
  const texts = all.search;
  const nameId = `${idPrefix}-name`;
  const hintId = `${idPrefix}-hint`;
  const companyId = `${idPrefix}-company`;
  return (
    <form class="search-form" method="post" action={paths.search}>
      <div class="field">
        <label for={nameId}>{texts.nameLabel}</label>
        <input
          id={nameId}
          name="name"
          type="text"
          required
          autocomplete="off"
          spellcheck={false}
          aria-describedby={hintId}
          value={input?.name}
        />
        <p class="hint" id={hintId}>
          {texts.nameHint}
        </p>
      </div>
      <div class="field">
        <label for={companyId}>{texts.companyLabel}</label>
        <select id={companyId} name="company" required>
          <option value="" selected={input === undefined}>
            {texts.companyChoose}
          </option>
          {choices.map(({ company, shown }) => (
            <option value={company} selected={input?.company === company}>
              {shown}
            </option>
          ))}
        </select>
      </div>
      <button type="submit">{texts.submit}</button>
      <p class="hint">{texts.privacy}</p>
    </form>
  );
}
