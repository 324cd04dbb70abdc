import { existsSync } from 'node:fs';
import { Resvg, type ResvgRenderOptions } from '@resvg/resvg-js';
import { renderToString } from 'preact-render-to-string';
import { CACHE, prepareBytes, type PreparedResponse } from '../read-model/prepared-response.js';
import { webTexts } from './copy.js';
import { pageKind } from './page-answer.js';
import { PREVIEW_SIZE } from './page-meta.js';
import type { YearCount } from '../domain/answer-shapes.js';

/** Where the preview images are served from: `/vista-previa/estadisticas-2024.png`. */
export const PREVIEWS_PATH = '/vista-previa';

/** What a preview card shows: the page's title, a line of figures, and a series as bars. */
export interface PreviewCard {
  title: string;
  line: string;
  series?: readonly YearCount[];
  /** The host the card names (`tamborrada.example.org`). */
  host: string;
}

/**
 * The system's DejaVu Sans (Debian's fonts-dejavu-core, which Chromium brings along);
 * without it, whatever sans-serif fonts the system has. Naming the files spares
 * resvg a scan of every font of the system.
 */
const FONT_FILES = [
  '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
  '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf',
].filter((file) => existsSync(file));
const FONT = 'DejaVu Sans';

const RENDER_OPTIONS: ResvgRenderOptions = {
  font:
    FONT_FILES.length > 0
      ? { loadSystemFonts: false, fontFiles: FONT_FILES, defaultFontFamily: FONT, sansSerifFamily: FONT }
      : { loadSystemFonts: true, defaultFontFamily: FONT },
};

const { width: WIDTH, height: HEIGHT } = PREVIEW_SIZE;
const MARGIN = 64;
const TITLE_SIZE = 68;
/** Characters of a title line at TITLE_SIZE in DejaVu Sans Bold (about 0.63 em each). */
const TITLE_LINE_CHARACTERS = 26;
const TITLE_LINES = 3;

/** A title in at most three lines, broken between words; what does not fit ends in `…`. */
export function titleLines(title: string): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of title.split(/\s+/).filter(Boolean)) {
    const candidate = line === '' ? word : `${line} ${word}`;
    if ([...candidate].length <= TITLE_LINE_CHARACTERS || line === '') line = candidate;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line !== '') lines.push(line);
  const shown = lines
    .slice(0, TITLE_LINES)
    .map((text) =>
      [...text].length > TITLE_LINE_CHARACTERS
        ? `${[...text].slice(0, TITLE_LINE_CHARACTERS - 1).join('')}…`
        : text,
    );
  if (lines.length > TITLE_LINES) shown[TITLE_LINES - 1] = `${shown[TITLE_LINES - 1]!.replace(/…$/, '')}…`;
  return shown;
}

/** The drum of the site's icon, drawn at 64 units. */
function Drum({ x, y, size }: { x: number; y: number; size: number }) {
  return (
    <g transform={`translate(${x} ${y}) scale(${size / 64})`}>
      <ellipse cx="32" cy="22" rx="22" ry="8" fill="#f4f1ea" stroke="#12355b" stroke-width="3" />
      <path d="M10 22v22c0 4.4 9.8 8 22 8s22-3.6 22-8V22" fill="#c8102e" stroke="#12355b" stroke-width="3" />
      <path
        d="M10 30l11 20M21 30l11 22M32 30l11 22M43 30l11 20"
        stroke="#f4f1ea"
        stroke-width="2.5"
        fill="none"
      />
      <path d="M40 6l-12 16M52 10L36 22" stroke="#12355b" stroke-width="3" stroke-linecap="round" />
    </g>
  );
}

/** Bars of a series along the foot of the card, lightly drawn: a shape, not a chart to read. */
function SeriesBars({ series, top }: { series: readonly YearCount[]; top: number }) {
  const largest = Math.max(1, ...series.map((point) => point.count));
  const first = Math.min(...series.map((point) => point.year));
  const last = Math.max(...series.map((point) => point.year));
  const slots = last - first + 1;
  const areaWidth = WIDTH - 2 * MARGIN;
  const slot = areaWidth / slots;
  const bottom = 560;
  return (
    <g fill="#1f5f99" opacity="0.35">
      {series.map((point) => {
        const height = ((bottom - top) * point.count) / largest;
        return (
          <rect
            x={(MARGIN + (point.year - first) * slot + slot * 0.15).toFixed(1)}
            y={(bottom - height).toFixed(1)}
            width={(slot * 0.7).toFixed(1)}
            height={height.toFixed(1)}
            rx="4"
          />
        );
      })}
    </g>
  );
}

export function cardSvg(card: PreviewCard): string {
  const lines = titleLines(card.title);
  const lineY = 200 + lines.length * (TITLE_SIZE + 12) + 16;
  return renderToString(
    <svg xmlns="http://www.w3.org/2000/svg" width={WIDTH} height={HEIGHT} viewBox={`0 0 ${WIDTH} ${HEIGHT}`}>
      <rect width={WIDTH} height={HEIGHT} fill="#f6f4ef" />
      <rect width={WIDTH} height="104" fill="#12355b" />
      <rect y="104" width={WIDTH} height="8" fill="#b0102a" />
      <Drum x={MARGIN} y={20} size={64} />
      <text x={MARGIN + 84} y="68" font-family={FONT} font-size="34" font-weight="bold" fill="#ffffff">
        {webTexts.siteName}
      </text>
      {card.series && card.series.length > 0 ? <SeriesBars series={card.series} top={lineY + 40} /> : null}
      {lines.map((line, i) => (
        <text
          x={MARGIN}
          y={200 + i * (TITLE_SIZE + 12)}
          font-family={FONT}
          font-size={TITLE_SIZE}
          font-weight="bold"
          fill="#1c2430"
        >
          {line}
        </text>
      ))}
      <text
        x={MARGIN}
        y={200 + lines.length * (TITLE_SIZE + 12) + 16}
        font-family={FONT}
        font-size="36"
        fill="#4f5966"
      >
        {card.line}
      </text>
      <text x={MARGIN} y={HEIGHT - 36} font-family={FONT} font-size="28" fill="#12355b">
        {card.host}
      </text>
    </svg>,
  );
}

/** A card as a PNG answer, made once per data version like a page. */
export function previewAnswer(card: PreviewCard): PreparedResponse {
  const png = new Resvg(cardSvg(card), RENDER_OPTIONS).render().asPng();
  return prepareBytes(200, png, pageKind('image/png', CACHE.revalidate), { etag: true, codings: [] });
}
