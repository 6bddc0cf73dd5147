import { writeContactSheet } from '../../../scripts/contact-sheet.mjs';

/**
 * After the e2e run: one HTML page with every screenshot the run took, as labelled thumbnails
 * (test-results/contact-sheet.html; docs/testing.md names it).
 */
export default async function globalTeardown() {
  const written = writeContactSheet('test-results');
  if (written) console.log(`Contact sheet: ${written.path} (${written.images} screenshots)`);
}
