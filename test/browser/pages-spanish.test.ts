/** The Spanish pages in Chromium, each in both colour schemes, and what depends on no language (pages.ts). */
import { languageFreeChecks, visitsIn } from './pages.js';

visitsIn('es');
languageFreeChecks();
