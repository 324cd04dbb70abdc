import { hash } from 'node:crypto';
import type { ComponentChildren } from 'preact';
import { readAsset } from '../site-files.js';
import { textWidth, wrapWords } from './fitted-text.js';
import { ChartSvg } from './chart-svg.js';

/** Pixels of a chart's file: narrow, so that shown 320 px wide (a phone) the credits are still about 11 px. */
const BOX = { width: 400, margin: 16, titleFont: 18, titleLine: 24, creditFont: 14, creditLine: 19 };

export const STANDALONE_CHART_WIDTH = BOX.width - 2 * BOX.margin;

/** The file's own stylesheet: the pages' light colours and charts' rules, on white whatever the theme (it is shown on other sites). */
const STYLE = [
  readAsset('palette.css').toString('utf8'),
  readAsset('charts.css').toString('utf8'),
  `:root { font-family: system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif; }
.paper { fill: var(--card); }
.standalone-title { fill: var(--heading); font-size: ${BOX.titleFont}px; font-weight: 700; }
.credits { fill: var(--ink); font-size: ${BOX.creditFont}px; }`,
].join('\n');

/** The file's Content-Security-Policy: its one stylesheet (by hash), no script, nothing fetched. */
export const STANDALONE_POLICY = `default-src 'none'; style-src '${`sha256-${hash('sha256', STYLE, 'base64')}`}'; frame-ancestors 'none'`;

export function wrapText(text: string, fontSize: number, width: number, bold = false): string[] {
  const fits = (line: string) => textWidth(line, fontSize, bold) <= width;
  // A word too long for a line (an address) is broken after `/` and `#`.
  return wrapWords(text, fits).flatMap((line) =>
    fits(line) ? [line] : wrapWords(line, fits, line.split(/(?<=[/#])/), ''),
  );
}

function textLines(className: string, lines: string[], y: number, step: number) {
  return (
    <text class={className} x={BOX.margin} y={y}>
      {lines.map((line, i) => (
        <tspan x={BOX.margin} dy={i === 0 ? 0 : step}>
          {line}
        </tspan>
      ))}
    </text>
  );
}

interface StandaloneChartProps {
  language: string;
  title: string;
  chart: ComponentChildren;
  height: number;
  credits: readonly string[];
}

/** A chart (`STANDALONE_CHART_WIDTH` wide) as a file of its own: on white, under its title, over its credits (also its description). */
export function StandaloneChart({ language, title, chart, height, credits }: StandaloneChartProps) {
  const inner = STANDALONE_CHART_WIDTH;
  const titleLines = wrapText(title, BOX.titleFont, inner, true);
  const creditLines = credits.flatMap((line) => wrapText(line, BOX.creditFont, inner));
  const chartTop = BOX.margin + titleLines.length * BOX.titleLine;
  const creditsTop = chartTop + height + BOX.margin + BOX.creditFont;
  const total = Math.ceil(creditsTop + (creditLines.length - 1) * BOX.creditLine + BOX.margin);
  return (
    <ChartSvg
      xmlns="http://www.w3.org/2000/svg"
      lang={language}
      viewBox={`0 0 ${BOX.width} ${total}`}
      width={BOX.width}
      height={total}
      id="standalone"
      title={title}
      description={credits.join(' ')}
    >
      <style>{STYLE}</style>
      <rect class="paper" width="100%" height="100%" />
      {textLines('standalone-title', titleLines, BOX.margin + BOX.titleFont, BOX.titleLine)}
      <svg x={BOX.margin} y={chartTop + BOX.margin / 2} width={inner} height={height}>
        {chart}
      </svg>
      {textLines('credits', creditLines, creditsTop, BOX.creditLine)}
    </ChartSvg>
  );
}
