import { hash } from 'node:crypto';
import { scaleBand, scaleLinear } from 'd3-scale';
import { renderToString } from 'preact-render-to-string';
import { wrapWords } from './charts/fitted-text.js';
import { everyYear } from './charts/year-lines.js';
import type { SitePaths } from './locale.js';
import { readAsset } from './site-files.js';
import { PREVIEW_SIZE } from './page-meta.js';
import type { YearCount } from '../domain/answer-shapes.js';

const rootOf = (paths: SitePaths) => paths.home.replace(/\/$/, '');

/** A page's preview image: `/vista-previa/inicio.png`, `/vista-previa/estadisticas-2024.png`, `/eu/aurrebista/konpainiak-zubia.png`. */
export const previewPath = (paths: SitePaths, path: string) =>
  `${paths.previews}/${path === paths.home ? paths.homePreview : path.slice(rootOf(paths).length + 1).replace('/', '-')}.png`;
/** The page of a preview image (`estadisticas-2024.png`), when it names one. */
export function pathOfPreview(paths: SitePaths, image: string): string | undefined {
  const name = /^([a-z0-9-]+)\.png$/.exec(image)?.[1];
  if (name === undefined) return undefined;
  return name === paths.homePreview ? paths.home : `${rootOf(paths)}/${name.replace('-', '/')}`;
}

/** What a preview card shows: the page's title, a line of figures, a series as bars, the host and the site's name. */
export interface PreviewCard {
  title: string;
  line: string;
  series?: readonly YearCount[];
  host: string;
  siteName: string;
}

/** The card's font (card-process.ts loads its files). */
export const FONT = 'DejaVu Sans';

const { width: WIDTH, height: HEIGHT } = PREVIEW_SIZE;
const MARGIN = 64;
const TITLE_SIZE = 68;
const TITLE_LINE = TITLE_SIZE + 12;
const BARS_BOTTOM = 560;
/** Characters of a title line in DejaVu Sans Bold (about 0.63 em each). */
const TITLE_LINE_CHARACTERS = 26;
const TITLE_LINES = 3;

/** A title in at most three lines, broken between words; what does not fit ends in `…`. */
function titleLines(title: string): string[] {
  const lines = wrapWords(title, (line) => [...line].length <= TITLE_LINE_CHARACTERS);
  return lines.slice(0, TITLE_LINES).map((line, i) => {
    const characters = [...line];
    if (characters.length > TITLE_LINE_CHARACTERS)
      return `${characters.slice(0, TITLE_LINE_CHARACTERS - 1).join('')}…`;
    return i === TITLE_LINES - 1 && lines.length > TITLE_LINES ? `${line}…` : line;
  });
}

/** The site's icon (a drum drawn at 64 units), without its `<svg>` element. */
const ICON = readAsset('icon.svg')
  .toString('utf8')
  .replace(/<\/?svg[^>]*>/g, '');

/** Bars of a series along the foot of the card, lightly drawn: a shape, not a chart to read. */
function SeriesBars({ series, top }: { series: readonly YearCount[]; top: number }) {
  const x = scaleBand<number>()
    .domain(everyYear(series.map((point) => point.year)))
    .range([MARGIN, WIDTH - MARGIN])
    .paddingInner(0.3)
    .paddingOuter(0.15);
  const height = scaleLinear()
    .domain([0, Math.max(1, ...series.map((point) => point.count))])
    .range([0, BARS_BOTTOM - top]);
  return (
    <g fill="#1f5f99" opacity="0.35">
      {series.map((point) => (
        <rect
          x={x(point.year)!.toFixed(1)}
          y={(BARS_BOTTOM - height(point.count)).toFixed(1)}
          width={x.bandwidth().toFixed(1)}
          height={height(point.count).toFixed(1)}
          rx="4"
        />
      ))}
    </g>
  );
}

/** A card as SVG, for card-process.ts to draw. */
export function cardSvg(card: PreviewCard): string {
  const lines = titleLines(card.title);
  const lineY = 200 + lines.length * TITLE_LINE;
  const text = (y: number, size: number, fill: string, content: string, bold = false, x = MARGIN) => (
    <text x={x} y={y} font-family={FONT} font-size={size} font-weight={bold ? 'bold' : undefined} fill={fill}>
      {content}
    </text>
  );
  return renderToString(
    <svg xmlns="http://www.w3.org/2000/svg" width={WIDTH} height={HEIGHT} viewBox={`0 0 ${WIDTH} ${HEIGHT}`}>
      <rect width={WIDTH} height={HEIGHT} fill="#f6f4ef" />
      <rect width={WIDTH} height="104" fill="#12355b" />
      <rect y="104" width={WIDTH} height="8" fill="#b0102a" />
      <g transform={`translate(${MARGIN} 20)`} dangerouslySetInnerHTML={{ __html: ICON }} />
      {text(68, 34, '#ffffff', card.siteName, true, MARGIN + 84)}
      {card.series && card.series.length > 0 ? <SeriesBars series={card.series} top={lineY + 56} /> : null}
      {lines.map((line, i) => text(200 + i * TITLE_LINE, TITLE_SIZE, '#1c2430', line, true))}
      {text(lineY + 16, 36, '#4f5966', card.line)}
      {text(HEIGHT - 36, 28, '#12355b', card.host)}
    </svg>,
  );
}

/** The name of a card's PNG: a digest of all it shows. */
export const cardKey = (card: PreviewCard) => hash('sha256', JSON.stringify(card), 'base64url').slice(0, 27);
