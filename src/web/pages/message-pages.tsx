import { Layout, Panel, YearLinks, type PageContext } from '../layout.js';
import { useLocale } from '../locale.js';

/** Any address with no page (an unknown year included): where to go instead. */
export function NotFoundPage({ context, years }: { context: PageContext; years: readonly string[] }) {
  const { texts: all, paths } = useLocale();
  const texts = all.notFound;
  return (
    <Layout context={context} title={texts.title} description={texts.text} place="other">
      <h1>{texts.title}</h1>
      <p class="lead">{texts.text}</p>
      {years.length === 0 ? null : (
        <Panel id="publicadas" heading={texts.yearsHeading}>
          <YearLinks years={years} />
        </Panel>
      )}
      <p>
        <a href={paths.home}>{texts.home}</a>
      </p>
    </Layout>
  );
}

/** Before the store could be read: the pages have nothing to show yet. */
export function UnavailablePage({ context }: { context: PageContext }) {
  const texts = useLocale().texts.unavailable;
  return (
    <Layout context={context} title={texts.title} description={texts.text} place="other">
      <h1>{texts.title}</h1>
      <p class="lead">{texts.text}</p>
    </Layout>
  );
}
