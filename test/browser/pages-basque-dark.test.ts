/** The Basque pages (`/eu`) in Chromium in the dark colour scheme (pages.ts). */
import { visitsIn } from './pages.js';

visitsIn('dark', 'eu');
