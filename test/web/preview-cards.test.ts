/**
 * The preview cards are drawn in the background when the data changes: an address whose
 * card is not drawn yet answers 503 with Retry-After (and is drawn next), a card that did
 * not change since the previous model is served at once, one no model shows is gone.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createCardPainter } from '../../src/web/card-painter.js';
import { cardKey, type PreviewCard } from '../../src/web/preview-card.js';
import { drawn } from '../support/preview.js';

const card = (title: string): PreviewCard => ({
  title,
  line: '7 ediciones',
  series: [{ year: 2024, count: 12 }],
  host: 'tamborrada.example.org',
  siteName: 'Tamborrada Infantil en datos',
});
const cards = (...titles: string[]) => new Map(titles.map((title) => [cardKey(card(title)), card(title)]));
const painter = createCardPainter();
afterAll(() => painter.close());
const answer = async (title: string) => painter.answer(cardKey(card(title)));

describe('the preview card painter', () => {
  it('answers 503 until a card is drawn, then its PNG; keeps what did not change, forgets the rest', async () => {
    painter.paint(cards('Ane', 'Maialen'));
    const pending = await answer('Maialen');
    expect([pending.statusCode, pending.identity.headers['retry-after']]).toEqual([503, '1']);
    const png = await drawn(async () => ({ status: (await answer('Maialen')).statusCode }));
    expect(png.status).toBe(200);
    const bytes = (await answer('Maialen')).identity.body as Buffer;
    expect(bytes.subarray(1, 4).toString()).toBe('PNG');
    expect((await answer('Maialen')).identity.headers['content-type']).toBe('image/png');

    painter.paint(cards('Maialen', 'Iker'));
    expect((await answer('Maialen')).statusCode).toBe(200);
    expect((await answer('Ane')).statusCode).toBe(503);
    expect((await drawn(async () => ({ status: (await answer('Iker')).statusCode }))).status).toBe(200);
  });
});
