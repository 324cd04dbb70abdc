import type { NameFact, NameKind } from '../../domain/statistics/name-facts.js';
import type { Query } from '../../domain/validation.js';
import type { PreparedResponse } from '../../answer/answer.js';
import { Layout, Panel } from '../layout.js';
import { useLocale, type Language } from '../locale.js';
import { downloadPath } from '../open-data.js';
import { pageForRequest } from '../page-answer.js';
import { seeOther } from '../redirects.js';
import { editionsFile } from './name-page.js';
import { card, namePathOf, withSite, type AddressedPage, type SiteContext } from '../site-context.js';

/** The lookup's field in each language (`/nombres?nombre=Ane`, `/eu/izenak?izena=Ane`); a Basque page reads both. */
const LOOKUP_FIELDS: Readonly<Record<Language, Readonly<Record<NameKind, string>>>> = {
  es: { firstName: 'nombre', surname: 'apellido' },
  eu: { firstName: 'izena', surname: 'abizena' },
};

const OTHER_KIND: Readonly<Record<NameKind, NameKind>> = { firstName: 'surname', surname: 'firstName' };
const NAME_LISTS = { firstName: 'topNames', surname: 'topSurnames' } as const;

/** The lookup, a GET form: what is typed is a name borne by at least k children, not a child's. */
function LookupForm({ kind, typed }: { kind: NameKind; typed: string | undefined }) {
  const { texts, paths, language } = useLocale();
  const words = texts.names.kinds[kind];
  return (
    <form class="search-form" method="get" action={paths.namesFolder[kind]}>
      <div class="field">
        <label for="name-lookup">{words.kind}</label>
        <input
          id="name-lookup"
          name={LOOKUP_FIELDS[language][kind]}
          type="text"
          required
          autocomplete="off"
          spellcheck={false}
          aria-describedby="name-lookup-hint"
          value={typed}
        />
        <p class="hint" id="name-lookup-hint">
          {words.hint}
        </p>
      </div>
      <button type="submit">{texts.names.lookup}</button>
    </form>
  );
}

type KindProps = { site: SiteContext; kind: NameKind };

/** Links to names' pages (each of `facts` has one). */
function NameLinks({ site, kind, facts, list }: KindProps & { facts: readonly NameFact[]; list: string }) {
  const { slugOf } = site.nameSlugs(kind);
  return (
    <ul class={list}>
      {facts.map((fact) => (
        <li>
          <a href={site.paths.name(kind, slugOf.get(fact.key)!)}>{fact.name}</a>
        </li>
      ))}
    </ul>
  );
}

/** The names of a kind with a page, A to Z, under their initials. */
function NameList({ site, kind }: KindProps) {
  const initials = new Map<string, NameFact[]>();
  for (const fact of site.data.names.list(kind)) {
    const initial = fact.key.charAt(0).toUpperCase();
    initials.set(initial, [...(initials.get(initial) ?? []), fact]);
  }
  return [...initials].map(([initial, group]) => (
    <>
      <h3>{initial}</h3>
      <NameLinks site={site} kind={kind} facts={group} list="name-list" />
    </>
  ));
}

/** The names with a page close to what was typed (never one without a page), or none. */
function Suggestions({ site, kind, typed }: KindProps & { typed: string }) {
  const suggested = site.data.names.suggest(kind, typed);
  if (suggested.length === 0) return null;
  return (
    <>
      <p>{site.texts.names.suggestions}</p>
      <NameLinks site={site} kind={kind} facts={suggested} list="name-list suggestions" />
    </>
  );
}

/** `/nombres`, `/apellidos`: the lookup and every name with a page; with `typed`, the answer for a name without one. */
function NamesPage({ site, kind, typed }: KindProps & { typed?: string }) {
  const { page: context, texts: all, paths, data } = site;
  const texts = all.names;
  const words = texts.kinds[kind];
  const other = OTHER_KIND[kind];
  return (
    <Layout context={context} title={words.index} description={texts.indexDescription} place="names">
      <h1>{words.index}</h1>
      <p class="lead">{texts.indexLead(data.names.k)}</p>
      <p>
        <a href={paths.namesFolder[other]}>{texts.kinds[other].index}</a> ·{' '}
        <a href={downloadPath(editionsFile(kind))}>{words.editions} (CSV)</a> ·{' '}
        <a href={downloadPath(`global-${NAME_LISTS[kind]}.csv`)}>
          {all.categories[NAME_LISTS[kind]].title} (CSV)
        </a>
      </p>
      {typed === undefined ? null : (
        <div role="status">
          <p class="error">{texts.notFound(typed, data.names.k)}</p>
          <Suggestions site={site} kind={kind} typed={typed} />
        </div>
      )}
      <Panel id="buscar-nombre" heading={words.lookupHeading}>
        <LookupForm kind={kind} typed={typed} />
      </Panel>
      {typed !== undefined || context.isUpdating ? null : (
        <Panel id="lista" heading={words.listHeading}>
          <NameList site={site} kind={kind} />
        </Panel>
      )}
    </Layout>
  );
}

export const namesPage = (site: SiteContext, kind: NameKind): AddressedPage => ({
  content: () => <NamesPage site={site} kind={kind} />,
  card: () => card(site, site.texts.names.kinds[kind].index, site.texts.names.indexDescription),
});

/** A name without a page, typed: 404, the same whether fewer than k bear it or none, made for the request (never kept). */
export const nameNotFound = (site: SiteContext, kind: NameKind, typed: string): PreparedResponse =>
  pageForRequest(404, withSite(site, <NamesPage site={site} kind={kind} typed={typed} />));

/** `GET /nombres?nombre=…`: to the name's page when it has one, else the 404 above; `undefined` when nothing is typed. */
export function nameLookup(site: SiteContext, kind: NameKind, query: Query): PreparedResponse | undefined {
  const typed =
    (query[LOOKUP_FIELDS[site.locale.language][kind]] ?? query[LOOKUP_FIELDS.es[kind]])?.trim() ?? '';
  if (typed === '') return undefined;
  const path = namePathOf(site, kind, typed);
  return path === undefined ? nameNotFound(site, kind, typed) : seeOther(path);
}
