/**
 * The about page says how a family asks for a child's removal: at the contact the
 * operator sets (`PRIVACY_CONTACT`: an e-mail address or a form's address), or, when none
 * is set, from whoever publishes the site.
 */
import { describe, expect, it } from 'vitest';
import { es } from '../../src/web/texts/es.js';
import { startSeededServer } from '../support/server.js';

const removal = es.about.privacy.removal;

async function aboutPage(privacyContact?: string): Promise<string> {
  const seeded = await startSeededServer(privacyContact === undefined ? {} : { privacyContact });
  try {
    return (await seeded.server.get('/acerca')).text;
  } finally {
    await seeded.close();
  }
}

describe('/acerca: how a family asks for a removal', () => {
  it('an e-mail address: a mailto link', async () => {
    const page = await aboutPage('privacidad@tamborrada.example.org');
    expect(page).toContain(
      `${removal.ask} ${removal.email} <a href="mailto:privacidad@tamborrada.example.org">privacidad@tamborrada.example.org</a>${removal.details}`,
    );
    expect(page).toContain(removal.effect);
  });

  it("a form's address: a link to it", async () => {
    const page = await aboutPage('https://tamborrada.example.org/privacidad');
    expect(page).toContain(
      `${removal.ask} ${removal.form} <a href="https://tamborrada.example.org/privacidad">https://tamborrada.example.org/privacidad</a>`,
    );
  });

  it('none set: whoever publishes the site', async () => {
    const page = await aboutPage();
    expect(page).toContain(`${removal.ask} ${removal.noContact}${removal.details}`);
    expect(page).not.toContain('mailto:');
  });
});
