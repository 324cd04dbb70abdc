/** The pages in Chromium in the dark colour scheme (pages.ts). */
import { visitsIn } from './pages.js';

visitsIn('dark');
