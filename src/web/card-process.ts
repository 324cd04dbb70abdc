/**
 * Draws preview cards (card-painter.ts): each message a card and the file for its PNG, each answer
 * that file once written. A process, not a thread: resvg's memory (about 75 MB) is never the server's.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { initWasm, Resvg } from '@resvg/resvg-wasm';
import { cardSvg, FONT, type PreviewCard } from './preview-card.js';

export interface CardJob {
  card: PreviewCard;
  file: string;
}

/** DejaVu Sans when there (Debian's `fonts-dejavu-core`), else every TrueType font of the system. */
function fontFiles(): string[] {
  const dejaVu = ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf'].map(
    (file) => `/usr/share/fonts/truetype/dejavu/${file}`,
  );
  if (dejaVu.every((file) => existsSync(file))) return dejaVu;
  const fonts = '/usr/share/fonts';
  if (!existsSync(fonts)) return [];
  return readdirSync(fonts, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(ttf|otf)$/i.test(file))
    .map((file) => `${fonts}/${file}`);
}

await initWasm(readFileSync(createRequire(import.meta.url).resolve('@resvg/resvg-wasm/index_bg.wasm')));
const font = {
  fontBuffers: fontFiles().map((file) => readFileSync(file)),
  loadSystemFonts: false,
  defaultFontFamily: FONT,
  sansSerifFamily: FONT,
};

process.on('message', ({ card, file }: CardJob) => {
  const svg = new Resvg(cardSvg(card), { font });
  const image = svg.render();
  writeFileSync(file, image.asPng());
  image.free();
  svg.free();
  process.send!(file);
});
// The server gone, so is the point of drawing.
process.on('disconnect', () => process.exit());
