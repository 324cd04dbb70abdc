// The server does not know the reader's fonts: widths are estimated on the wide side (DejaVu Sans).

/** The narrowest a chart is drawn (its box at a 390 px screen, less slack): what must fit whole fits here. */
export const NARROWEST_CHART = 300;

/** Room before a label's first letter: some glyphs (`J`, `T`) reach left of their origin. */
const INSET = 2;

/** The width of each character in em, by kind; anything unlisted counts as 1 (a wide letter). */
const EM_WIDTHS: readonly (readonly [RegExp, number])[] = [
  [/[ .,:;'!|iIjl]/u, 0.34],
  [/[ftr()-]/u, 0.45],
  [/[0-9]/u, 0.66],
  [/[mwMW]/u, 1.0],
  [/\p{Lu}/u, 0.8],
  [/\p{Ll}/u, 0.66],
];

const emWidth = (character: string) => EM_WIDTHS.find(([kind]) => kind.test(character))?.[1] ?? 1;

/** The estimated width of `text` in pixels at `fontSize`; bold text is about a tenth wider. */
export function textWidth(text: string, fontSize: number, bold = false): number {
  let em = 0;
  for (const character of text) em += emWidth(character);
  return em * fontSize * (bold ? 1.1 : 1);
}

/** `text` in lines of its `pieces` (words), as long as `fits` allows (a longer piece keeps a line of its own). */
export function wrapWords(
  text: string,
  fits: (line: string) => boolean,
  pieces = text.split(/\s+/).filter(Boolean),
  separator = ' ',
): string[] {
  const lines: string[] = [];
  for (const piece of pieces) {
    const joined = `${lines.at(-1)}${separator}${piece}`;
    if (lines.length > 0 && fits(joined)) lines[lines.length - 1] = joined;
    else lines.push(piece);
  }
  return lines;
}

interface FittedTextProps {
  id?: string;
  class: string;
  y: string;
  text: string;
  fontSize: number;
  after: number;
}

/** A label at the chart's left cut with `…` to leave `after` free, whole in its `<title>` (and in the chart's table). */
export function FittedText({ id, class: className, y, text, fontSize, after }: FittedTextProps) {
  const room = NARROWEST_CHART - INSET - after;
  let shown = text;
  if (textWidth(text, fontSize) > room) {
    let used = textWidth('…', fontSize);
    shown = '';
    for (const character of text) {
      if ((used += emWidth(character) * fontSize) > room) break;
      shown += character;
    }
    shown = shown.trimEnd() + '…';
  }
  return (
    <text id={id} class={className} x={INSET} y={y}>
      {shown}
      {shown === text ? null : <title>{text}</title>}
    </text>
  );
}
