import { ARCHIVE_FILE } from '../data-archive.js';
import { publishedFiles } from '../data-package.js';
import { Layout } from '../layout.js';
import { useLocale } from '../locale.js';
import { downloadPath } from '../open-data.js';
import { card, type AddressedPage, type SiteContext } from '../site-context.js';

/** A description as plain text: the summaries mark their figures in Markdown bold. */
const plain = (text: string | null) => text?.replace(/\*\*/g, '') ?? '';

/** `/datos`: every data file with what it holds (said once for a run of alike ones), its size and both formats. */
function DataPage({ site }: { site: SiteContext }) {
  const { texts: all, language } = useLocale();
  const texts = all.dataPage;
  const { files, date } = publishedFiles(site);
  return (
    <Layout context={site.page} title={texts.title} description={texts.description} place="other">
      <h1>{texts.title}</h1>
      <p class="lead">{texts.lead}</p>
      <p>
        {date === undefined ? '' : `${texts.date(date)} `}
        {texts.archive}{' '}
        <a href={downloadPath(ARCHIVE_FILE)} download>
          {ARCHIVE_FILE}
        </a>
      </p>
      <div class="table-wrap table-scroll" tabindex={0} role="region" aria-label={texts.caption}>
        <table>
          <caption>{texts.caption}</caption>
          <thead>
            <tr>
              <th scope="col">{texts.columns.file}</th>
              <th scope="col">{texts.columns.description}</th>
              <th scope="col">{texts.columns.size}</th>
              <th scope="col">{texts.columns.downloads}</th>
            </tr>
          </thead>
          <tbody>
            {files.map((file, i) => {
              const description = plain(file.description[language]);
              const said = i > 0 && plain(files[i - 1]!.description[language]) === description;
              return (
                <tr>
                  <th scope="row">{file.title[language]}</th>
                  <td>{said ? '' : description}</td>
                  <td class="size">{texts.size(file.bytes)}</td>
                  <td>
                    <a href={downloadPath(file.file)} download>
                      {all.openData.csv}
                    </a>{' '}
                    ·{' '}
                    <a href={downloadPath(file.file.replace(/\.csv$/, '.xlsx'))} download>
                      {texts.xlsx}
                    </a>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </Layout>
  );
}

export const dataPage = (site: SiteContext): AddressedPage => ({
  content: () => <DataPage site={site} />,
  card: () => card(site, site.texts.dataPage.title, site.texts.dataPage.card),
});
