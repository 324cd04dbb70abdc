import type { ComponentChildren } from 'preact';
import { GLOBAL_YEAR } from '../domain/categories.js';
import { useContext } from 'preact/hooks';
import { LOCALES, useLocale } from './locale.js';
import { API_PATHS, OPEN_DATA_PATHS, ORIGINAL_WORK_URL, PageHead, PageMetaContext } from './page-meta.js';

// The data catalogue and data package read these from here.
export { API_PATHS, OPEN_DATA_PATHS, ORIGINAL_WORK_URL } from './page-meta.js';

export interface PageContext {
  stylesheet: string;
  icon: string;
  isUpdating: boolean;
}

type Place = 'home' | 'global' | 'names' | 'search' | 'about' | 'other';

interface LayoutProps {
  context: PageContext;
  title: string;
  description: string;
  place: Place;
  children: ComponentChildren;
}

/** A link in a list, marked when it leads to the page being read. */
const currentLink = (href: string, label: string, current: boolean) => (
  <li>
    <a href={href} aria-current={current ? 'page' : undefined}>
      {label}
    </a>
  </li>
);

/** The page around every page's content: header, navigation, the updating notice, footer. */
export function Layout({ context, title, description, place, children }: LayoutProps) {
  const { language, texts, paths } = useLocale();
  const link = (to: Place | undefined, href: string, label: string) => currentLink(href, label, place === to);
  const other = texts.otherLanguage;
  // The same page in the other language; a page without an address (a 404) leads to the other home.
  const otherPath =
    useContext(PageMetaContext)?.alternates[other.language] ?? LOCALES[other.language].paths.home;
  return (
    <html lang={language}>
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{place === 'home' ? texts.siteName : `${title} · ${texts.siteName}`}</title>
        <meta name="description" content={description} />
        <PageHead title={title} description={description} />
        {/* Where a harvester finds the catalogue of the data (docs/decisions.md). */}
        {place === 'home' ? (
          <link
            rel="alternate"
            type="application/ld+json"
            href={OPEN_DATA_PATHS.catalogue}
            title={texts.meta.catalogueName}
          />
        ) : null}
        <link rel="stylesheet" href={context.stylesheet} />
        <link rel="icon" type="image/svg+xml" href={context.icon} />
      </head>
      <body>
        <a class="skip-link" href="#contenido">
          {texts.skipToContent}
        </a>
        <header class="site-header">
          <div class="bar">
            <a class="brand" href={paths.home}>
              <img src={context.icon} alt="" width="32" height="32" />
              {texts.siteName}
            </a>
            <nav aria-label={texts.navigation}>
              <ul>
                {link('home', paths.home, texts.nav.home)}
                {link('global', paths.statistics(GLOBAL_YEAR), texts.nav.global)}
                {link('names', paths.namesFolder.firstName, texts.nav.names)}
                {link('search', paths.search, texts.nav.search)}
                {link('about', paths.about, texts.about.navLabel)}
                {link(undefined, API_PATHS.apiDocs, texts.nav.api)}
              </ul>
            </nav>
            <a
              class="language"
              href={otherPath}
              hreflang={other.language}
              lang={other.language}
              title={other.title}
            >
              {other.label}
            </a>
          </div>
        </header>
        <main id="contenido">
          {context.isUpdating ? (
            <p class="notice" role="status">
              {texts.updatingNotice}
            </p>
          ) : null}
          {children}
        </main>
        <footer class="site-footer">
          <p>
            {texts.footer.licence[0]} <a href={texts.openData.licenceUrl}>{texts.openData.licenceName}</a>
            {texts.footer.licence[1] ? ` ${texts.footer.licence[1]}` : ''}.{' '}
            <a href={ORIGINAL_WORK_URL}>{texts.footer.attribution}</a>
          </p>
          <p>
            {texts.footer.api} <a href={API_PATHS.apiDocs}>{texts.apiReference}</a>. {texts.dataPage.link[0]}{' '}
            <a href={paths.data}>{texts.dataPage.link[1]}</a>.
          </p>
        </footer>
      </body>
    </html>
  );
}

/** Links to every published year, `global` last (the order of `/api/years`). */
export function YearLinks({ years, current }: { years: readonly string[]; current?: string }) {
  const { texts, paths } = useLocale();
  return (
    <ul class="year-links">
      {years.map((year) =>
        currentLink(paths.statistics(year), year === GLOBAL_YEAR ? texts.nav.global : year, year === current),
      )}
    </ul>
  );
}

interface PanelProps {
  id: string;
  heading: string;
  statistic?: boolean;
  children: ComponentChildren;
}

/** A section of a page under its heading (`id`: the heading's). */
export function Panel({ id, heading, statistic = false, children }: PanelProps) {
  return (
    <section aria-labelledby={id} class={statistic ? 'panel statistic' : 'panel'}>
      <h2 id={id}>{heading}</h2>
      {children}
    </section>
  );
}

/** Big figures, each with its words (`12 ediciones con datos`). */
export function Headline({ figures }: { figures: readonly { value: string; words: string }[] }) {
  return (
    <ul class="headline">
      {figures.map((figure) => (
        <li>
          <span class="figure-value">{figure.value}</span> {figure.words}
        </li>
      ))}
    </ul>
  );
}
