import { hash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { CACHE, prepareBytes, type PreparedResponse } from '../read-model/prepared-response.js';
import { pageKind } from './page-answer.js';

/** Where the pages' files are served from. */
const ASSETS_PATH = '/recursos';

/** A file of the pages, served from memory under a name that changes with its content. */
export interface SiteAsset {
  /** `/recursos/estilo.3f9a0c1b2d.css` */
  path: string;
  answer(): PreparedResponse;
}

export interface SiteAssets {
  stylesheet: SiteAsset;
  icon: SiteAsset;
  all: readonly SiteAsset[];
}

/**
 * Read once per process from `assets/` beside this module (the build copies the folder
 * into dist/). The name carries a hash of the content, so a browser may keep a file for
 * a year: a new version of the file is a new address.
 */
function load(file: string, name: string, extension: string, contentType: string): SiteAsset {
  const body = readFileSync(new URL(`./assets/${file}`, import.meta.url));
  const path = `${ASSETS_PATH}/${name}.${hash('sha256', body, 'hex').slice(0, 10)}.${extension}`;
  const prepared = prepareBytes(200, body, pageKind(contentType, CACHE.immutable), { etag: true });
  return { path, answer: () => prepared };
}

let loaded: SiteAssets | undefined;

export function siteAssets(): SiteAssets {
  if (loaded) return loaded;
  const stylesheet = load('site.css', 'estilo', 'css', 'text/css; charset=utf-8');
  const icon = load('icon.svg', 'icono', 'svg', 'image/svg+xml');
  loaded = { stylesheet, icon, all: [stylesheet, icon] };
  return loaded;
}
