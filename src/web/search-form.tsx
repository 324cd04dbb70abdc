import { useLocale } from './locale.js';

/** What was sent, shown again in the form of the answer. */
export interface SearchInput {
  name: string;
  company: string;
}

interface SearchFormProps {
  companies: readonly string[];
  input?: SearchInput;
  /** Makes the fields' ids unique on the page. */
  idPrefix: string;
}

/** The participant search, POSTed: the name never travels in an address (history, `Referer`, logs). */
export function SearchForm({ companies, input, idPrefix }: SearchFormProps) {
  const { texts: all, paths } = useLocale();
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
          {companies.map((company) => (
            <option value={company} selected={input?.company === company}>
              {company}
            </option>
          ))}
        </select>
      </div>
      <button type="submit">{texts.submit}</button>
      <p class="hint">{texts.privacy}</p>
    </form>
  );
}
