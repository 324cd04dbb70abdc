import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import { metaTexts, webTexts } from './copy.js';

/** The colour of the header: what a phone paints its address bar with. */
export const THEME_COLOUR = '#12355b';

/** The preview card's size in pixels (the size Open Graph and Twitter ask for). */
export const PREVIEW_SIZE = { width: 1200, height: 630 } as const;

/** What a shared page says of itself beyond its title and description. */
export interface PageMeta {
  /** The public origin (`PUBLIC_URL`): absolute addresses for other sites. */
  origin: string;
  /** This page's path (`/estadisticas/2024`). */
  path: string;
  /** The path of its preview image. */
  image: string;
  /** The schema.org `Dataset` of the data (JSON-LD). */
  dataset: object;
}

/**
 * Given by the site around each page it prepares; a page without it (the 404 page, the
 * error page) gets no canonical link, no card and no structured data.
 */
export const PageMetaContext = createContext<PageMeta | undefined>(undefined);

/** JSON inside `<script>`: `<` escaped, so no text of the data can close the element. */
const scriptJson = (value: object) => JSON.stringify(value).replace(/</g, '\\u003c');

/** The `<head>` lines for sharing and search engines: canonical, Open Graph, Twitter, JSON-LD. */
export function PageHead({ title, description }: { title: string; description: string }) {
  const meta = useContext(PageMetaContext);
  if (meta === undefined) return <meta name="theme-color" content={THEME_COLOUR} />;
  const url = meta.origin + meta.path;
  const image = meta.origin + meta.image;
  const imageAlt = metaTexts.imageAlt(title);
  return (
    <>
      <meta name="theme-color" content={THEME_COLOUR} />
      <link rel="canonical" href={url} />
      <meta property="og:type" content="website" />
      <meta property="og:locale" content="es_ES" />
      <meta property="og:site_name" content={webTexts.siteName} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={url} />
      <meta property="og:image" content={image} />
      <meta property="og:image:type" content="image/png" />
      <meta property="og:image:width" content={String(PREVIEW_SIZE.width)} />
      <meta property="og:image:height" content={String(PREVIEW_SIZE.height)} />
      <meta property="og:image:alt" content={imageAlt} />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={description} />
      <meta name="twitter:image" content={image} />
      <meta name="twitter:image:alt" content={imageAlt} />
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: scriptJson(meta.dataset) }} />
    </>
  );
}
