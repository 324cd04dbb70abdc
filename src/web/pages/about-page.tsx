import { aboutTexts, openDataTexts } from '../copy.js';
import { Layout, LICENCE_URL, PAGE_PATHS, type PageContext } from '../layout.js';

const texts = aboutTexts;

/** `/acerca`: where the data comes from, what each statistic means, privacy, licence, the API. */
export function AboutPage({ context }: { context: PageContext }) {
  return (
    <Layout context={context} title={texts.title} description={texts.description} place="about">
      <h1>{texts.title}</h1>
      <p class="lead">{texts.lead}</p>
      <section aria-labelledby="fuente" class="panel">
        <h2 id="fuente">{texts.source.heading}</h2>
        {texts.source.paragraphs.map((paragraph) => (
          <p>{paragraph}</p>
        ))}
      </section>
      <section aria-labelledby="definiciones" class="panel">
        <h2 id="definiciones">{texts.definitions.heading}</h2>
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
      </section>
      <section aria-labelledby="privacidad" class="panel">
        <h2 id="privacidad">{texts.privacy.heading}</h2>
        {texts.privacy.paragraphs.map((paragraph) => (
          <p>{paragraph}</p>
        ))}
      </section>
      <section aria-labelledby="licencia" class="panel">
        <h2 id="licencia">{texts.licence.heading}</h2>
        <p>
          {texts.licence.text}{' '}
          <a href={LICENCE_URL} rel="license">
            {openDataTexts.licenceName}
          </a>
          . {texts.licence.after}
        </p>
      </section>
      <section aria-labelledby="api" class="panel">
        <h2 id="api">{texts.api.heading}</h2>
        <p>
          {texts.api.text} <a href={PAGE_PATHS.apiDocs}>{texts.api.docsLink}</a>. {texts.api.openApi}{' '}
          <a href={PAGE_PATHS.openApi}>{PAGE_PATHS.openApi}</a>.
        </p>
        <p>{texts.api.files}</p>
      </section>
    </Layout>
  );
}
