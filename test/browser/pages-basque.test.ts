/** The Basque pages (`/eu`) in Chromium in the light colour scheme (pages.ts). */
import { visitsIn } from './pages.js';

visitsIn('light', 'eu');
