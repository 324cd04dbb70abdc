import { renderToString } from 'preact-render-to-string';
import { expect, it } from 'vitest';
import { Summary, summaryRuns } from '../../../src/web/summary.js';

it.each([
  ['En **2024**, **Jon**.', ['En ', '*2024', ', ', '*Jon', '.']],
  ['Sin cifras.', ['Sin cifras.']],
  ['**Todo**', ['*Todo']],
  ['Un **par** y **uno suelto', ['Un ', '*par', ' y **uno suelto']],
  ['_cursiva_ [enlace](x) `código`', ['_cursiva_ [enlace](x) `código`']],
])('%j: only **…** is bold, nothing else is read as Markdown', (text, runs) => {
  expect(summaryRuns(text).map((run) => (run.bold ? `*${run.text}` : run.text))).toEqual(runs);
});

it('is text: markup in a summary is shown, not run', () => {
  expect(renderToString(<Summary record={{ summary: '<b>x</b> **<i>y</i>**' }} />)).toBe(
    '<p class="summary">&lt;b>x&lt;/b> <strong>&lt;i>y&lt;/i></strong></p>',
  );
});

it('an empty or missing summary shows nothing', () => {
  expect(renderToString(<Summary record={{ summary: null }} />)).toBe('');
  expect(renderToString(<Summary record={{ summary: '  ' }} />)).toBe('');
});
