import { API_PATHS, Layout, OPEN_DATA_PATHS, Panel } from '../layout.js';
import { useLocale } from '../locale.js';
import { card, type AddressedPage, type SiteContext } from '../site-context.js';

/** How a family asks for a removal: at the operator's contact (`PRIVACY_CONTACT`), if one is set. */
function RemovalRequest({ contact }: { contact: string | undefined }) {
  const texts = useLocale().texts.about;
  const removal = texts.privacy.removal;
  const form = contact?.startsWith('http') === true;
  return (
    <>
      <p>
        {removal.ask}{' '}
        {contact === undefined ? (
          removal.noContact
        ) : (
          <>
            {form ? removal.form : removal.email} <a href={form ? contact : `mailto:${contact}`}>{contact}</a>
          </>
        )}
        {removal.details}
      </p>
      <p>{removal.effect}</p>
    </>
  );
}

/** `/acerca`: where the data comes from, what each statistic means, privacy, licence, the API. */
function AboutPage({ site }: { site: SiteContext }) {
  const { texts: all, paths } = useLocale();
  const texts = all.about;
  return (
    <Layout context={site.page} title={texts.title} description={texts.description} place="about">
      <h1>{texts.title}</h1>
      <p class="lead">{texts.lead}</p>
      <Panel id="fuente" heading={texts.source.heading}>
        {texts.source.paragraphs.map((paragraph) => (
          <p>{paragraph}</p>
        ))}
      </Panel>
      <Panel id="definiciones" heading={texts.definitions.heading}>
        <p>{texts.definitions.intro}</p>
        <dl class="definitions">
          {texts.definitions.items.map(([term, meaning]) => (
            <>
              <dt>{term}</dt>
              <dd>{meaning}</dd>
            </>
          ))}
        </dl>
        <p>{texts.definitions.lists}</p>
      </Panel>
      <Panel id="privacidad" heading={texts.privacy.heading}>
        {texts.privacy.paragraphs.map((paragraph) => (
          <p>{paragraph}</p>
        ))}
        <RemovalRequest contact={site.privacyContact} />
      </Panel>
      <Panel id="licencia" heading={texts.licence.heading}>
        <p>
          {texts.licence.text}{' '}
          <a href={all.openData.licenceUrl} rel="license">
            {all.openData.licenceName}
          </a>
          . {texts.licence.after}
        </p>
      </Panel>
      <Panel id="api" heading={texts.api.heading}>
        <p>
          {texts.api.text} <a href={API_PATHS.apiDocs}>{all.apiReference}</a>. {texts.api.openApi}{' '}
          <a href={API_PATHS.openApi}>{API_PATHS.openApi}</a>.
        </p>
        <p>
          {texts.api.files} {all.dataPage.link[0]} <a href={paths.data}>{all.dataPage.link[1]}</a>.
        </p>
        <p>
          {texts.api.catalogue[0]} <a href={OPEN_DATA_PATHS.catalogue}>{texts.api.catalogue[1]}</a>{' '}
          {texts.api.dataPackage[0]} <a href={OPEN_DATA_PATHS.dataPackage}>{texts.api.dataPackage[1]}</a>.
        </p>
      </Panel>
    </Layout>
  );
}

export const aboutPage = (site: SiteContext): AddressedPage => ({
  content: () => <AboutPage site={site} />,
  card: () => card(site, site.texts.about.title, site.texts.meta.card.about),
});
