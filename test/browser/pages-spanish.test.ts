/** The pages in Chromium in the light colour scheme, and what depends on no scheme (pages.ts). */
import { schemeFreeChecks, visitsIn } from './pages.js';

visitsIn('light');
schemeFreeChecks();
