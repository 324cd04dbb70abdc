/** The Basque pages (`/eu`) in Chromium, each in both colour schemes (pages.ts). */
import { visitsIn } from './pages.js';

visitsIn('eu');
